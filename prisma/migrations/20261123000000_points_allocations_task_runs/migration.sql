-- AlterTable
ALTER TABLE "PointEntry" ADD COLUMN     "note" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "runs" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PointAllocation" (
    "entryId" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,

    CONSTRAINT "PointAllocation_pkey" PRIMARY KEY ("entryId","lotId")
);

-- CreateIndex
CREATE INDEX "PointAllocation_lotId_idx" ON "PointAllocation"("lotId");

-- CreateIndex
CREATE INDEX "PointEntry_taskId_idx" ON "PointEntry"("taskId");

-- AddForeignKey
ALTER TABLE "PointAllocation" ADD CONSTRAINT "PointAllocation_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "PointEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PointAllocation" ADD CONSTRAINT "PointAllocation_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "PointLot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

