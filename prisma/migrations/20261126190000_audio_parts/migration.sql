-- Parts of a recording's sound uploaded with the tus protocol while the browser extracts them (issue 31).
CREATE TABLE "AudioPart" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "taskId" TEXT,
    "index" INTEGER NOT NULL DEFAULT 0,
    "startMs" INTEGER NOT NULL DEFAULT 0,
    "fileName" TEXT NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AudioPart_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AudioPart_userId_createdAt_idx" ON "AudioPart"("userId", "createdAt");
CREATE INDEX "AudioPart_taskId_idx" ON "AudioPart"("taskId");
CREATE INDEX "AudioPart_createdAt_idx" ON "AudioPart"("createdAt");

ALTER TABLE "AudioPart" ADD CONSTRAINT "AudioPart_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AudioPart" ADD CONSTRAINT "AudioPart_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A chunk's cues and their translations, made while later chunks were still being transcribed.
ALTER TABLE "TranscriptChunk" ADD COLUMN "cues" JSONB;
-- Sound past what the balance could pay for (a recording longer than declared), never transcribed.
ALTER TABLE "Task" ADD COLUMN "audioRefusedMs" INTEGER;
