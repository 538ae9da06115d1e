-- Statuses, ledger reasons, lot sources and order channels become enums (they were strings and
-- numbers with comments). Existing rows are converted in place.
CREATE TYPE "LotSource" AS ENUM ('purchase', 'grant', 'refund');
CREATE TYPE "LedgerReason" AS ENUM ('purchase', 'grant', 'refund', 'spend', 'reserve', 'capture', 'release');
CREATE TYPE "TaskStatus" AS ENUM ('translating', 'completed', 'failed');
CREATE TYPE "OrderStatus" AS ENUM ('unpaid', 'paid');
CREATE TYPE "OrderChannel" AS ENUM ('alipay', 'card');

ALTER TABLE "PointLot" ALTER COLUMN "source" TYPE "LotSource" USING "source"::"LotSource";
ALTER TABLE "PointEntry" ALTER COLUMN "reason" TYPE "LedgerReason" USING "reason"::"LedgerReason";

ALTER TABLE "Task" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "Task" ALTER COLUMN "status" TYPE "TaskStatus" USING "status"::"TaskStatus";
ALTER TABLE "Task" ALTER COLUMN "status" SET DEFAULT 'translating';

ALTER TABLE "Order" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "Order" ALTER COLUMN "status" TYPE "OrderStatus" USING (CASE "status" WHEN 2 THEN 'paid' ELSE 'unpaid' END)::"OrderStatus";
ALTER TABLE "Order" ALTER COLUMN "status" SET DEFAULT 'unpaid';
ALTER TABLE "Order" ALTER COLUMN "channel" TYPE "OrderChannel" USING (CASE "channel" WHEN 2 THEN 'card' ELSE 'alipay' END)::"OrderChannel";
