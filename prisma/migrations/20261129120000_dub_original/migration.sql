-- The sound a dub keeps under its voices when the creator sends it (their video's own audio track).
CREATE TABLE "DubOriginal" (
    "taskId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "codec" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DubOriginal_pkey" PRIMARY KEY ("taskId")
);
ALTER TABLE "DubOriginal" ADD CONSTRAINT "DubOriginal_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
