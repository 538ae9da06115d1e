-- AlterTable: a task without a batch-size override is batched by source tokens
ALTER TABLE "Task" ALTER COLUMN "batchSize" DROP NOT NULL,
ALTER COLUMN "batchSize" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Segment" ADD COLUMN     "translatedBy" TEXT;

-- CreateTable
CREATE TABLE "GlossaryEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "targetLanguage" TEXT NOT NULL,
    "sourceLanguage" TEXT,
    "term" TEXT NOT NULL,
    "translation" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GlossaryEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GlossaryEntry_userId_targetLanguage_idx" ON "GlossaryEntry"("userId", "targetLanguage");

-- AddForeignKey
ALTER TABLE "GlossaryEntry" ADD CONSTRAINT "GlossaryEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
