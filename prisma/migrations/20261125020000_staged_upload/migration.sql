-- CreateTable
CREATE TABLE "StagedUpload" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StagedUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StagedUpload_userId_createdAt_idx" ON "StagedUpload"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "StagedUpload_createdAt_idx" ON "StagedUpload"("createdAt");

-- AddForeignKey
ALTER TABLE "StagedUpload" ADD CONSTRAINT "StagedUpload_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
