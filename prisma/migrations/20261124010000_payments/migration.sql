-- Orders, lots and ledger entries outlive their user: the user reference is cleared on delete.
ALTER TABLE "PointLot" DROP CONSTRAINT "PointLot_userId_fkey";
ALTER TABLE "PointLot" ALTER COLUMN "userId" DROP NOT NULL;
ALTER TABLE "PointLot" ADD CONSTRAINT "PointLot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "PointEntry" DROP CONSTRAINT "PointEntry_userId_fkey";
ALTER TABLE "PointEntry" ALTER COLUMN "userId" DROP NOT NULL;
ALTER TABLE "PointEntry" ADD CONSTRAINT "PointEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Order" DROP CONSTRAINT "Order_userId_fkey";
ALTER TABLE "Order" ALTER COLUMN "userId" DROP NOT NULL;
ALTER TABLE "Order" ADD CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The pack's points when ordered, so a later catalogue change never alters what was bought.
ALTER TABLE "Order" ADD COLUMN "points" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ALTER COLUMN "points" DROP DEFAULT;

CREATE UNIQUE INDEX "Order_providerRef_key" ON "Order"("providerRef");
CREATE INDEX "Order_status_createTime_idx" ON "Order"("status", "createTime");
