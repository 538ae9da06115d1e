-- A task may leave the translation memory out (the upload dialog's switch).
ALTER TABLE "Task" ADD COLUMN "useMemory" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "MemoryEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sourceLanguage" TEXT NOT NULL,
    "targetLanguage" TEXT NOT NULL,
    "sourceHash" TEXT NOT NULL,
    "sourceText" TEXT NOT NULL,
    "targetText" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemoryEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MemoryEntry_userId_sourceLanguage_targetLanguage_sourceHash_key" ON "MemoryEntry"("userId", "sourceLanguage", "targetLanguage", "sourceHash");

-- CreateIndex
CREATE INDEX "MemoryEntry_userId_sourceLanguage_targetLanguage_updatedAt_idx" ON "MemoryEntry"("userId", "sourceLanguage", "targetLanguage", "updatedAt");

-- AddForeignKey
ALTER TABLE "MemoryEntry" ADD CONSTRAINT "MemoryEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
