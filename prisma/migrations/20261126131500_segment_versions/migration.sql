-- Machine-made translations a later write replaced, so undo and redo can restore a row's origin.
CREATE TABLE "SegmentVersion" (
    "id" BIGSERIAL NOT NULL,
    "taskId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "translatedText" TEXT NOT NULL,
    "translatedBy" TEXT NOT NULL,
    "firstTranslation" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SegmentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SegmentVersion_taskId_index_idx" ON "SegmentVersion"("taskId", "index");

-- AddForeignKey
ALTER TABLE "SegmentVersion" ADD CONSTRAINT "SegmentVersion_taskId_index_fkey" FOREIGN KEY ("taskId", "index") REFERENCES "Segment"("taskId", "index") ON DELETE CASCADE ON UPDATE CASCADE;
