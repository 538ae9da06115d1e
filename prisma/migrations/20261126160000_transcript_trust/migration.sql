-- Issue 30: lines of a speech-to-text answer left out as probably not spoken, and where a
-- recording holds speech (cue times are checked against it).
ALTER TABLE "TranscriptChunk" ADD COLUMN "leftOut" JSONB;

CREATE TABLE "TaskSpeech" (
    "taskId" TEXT NOT NULL,
    "spans" JSONB NOT NULL,

    CONSTRAINT "TaskSpeech_pkey" PRIMARY KEY ("taskId")
);

CREATE TABLE "LeftOutLine" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "startMs" INTEGER NOT NULL,
    "endMs" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "LeftOutLine_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "LeftOutLine_taskId_startMs_idx" ON "LeftOutLine"("taskId", "startMs");

ALTER TABLE "TaskSpeech" ADD CONSTRAINT "TaskSpeech_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LeftOutLine" ADD CONSTRAINT "LeftOutLine_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
