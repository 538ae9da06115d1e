-- Verification codes are kept per address AND purpose, so a sign-up code requested for an address
-- never replaces (or rate-limits) the reset code its owner was just mailed. Rows already stored
-- become sign-up rows: a reset code in flight during the deploy stops working (its hash includes
-- its purpose) and is asked for again (codes live ten minutes anyway).
CREATE TYPE "CodePurpose" AS ENUM ('signup', 'reset');

ALTER TABLE "VerificationCode" ADD COLUMN "purpose" "CodePurpose" NOT NULL DEFAULT 'signup';
ALTER TABLE "VerificationCode" ALTER COLUMN "purpose" DROP DEFAULT;
ALTER TABLE "VerificationCode" DROP CONSTRAINT "VerificationCode_pkey";
ALTER TABLE "VerificationCode" ADD CONSTRAINT "VerificationCode_pkey" PRIMARY KEY ("email", "purpose");
