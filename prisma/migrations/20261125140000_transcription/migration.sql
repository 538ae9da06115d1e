-- Tasks made from a recording (issue 22): their kind, stage, audio and per-chunk results.
CREATE TYPE "TaskKind" AS ENUM ('translation', 'transcription');

ALTER TABLE "Task" ADD COLUMN "kind" "TaskKind" NOT NULL DEFAULT 'translation',
ADD COLUMN "stage" TEXT,
ADD COLUMN "withTranslation" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "audioKey" TEXT,
ADD COLUMN "audioDurationMs" INTEGER,
ADD COLUMN "chunksTotal" INTEGER,
ADD COLUMN "chunksDone" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "TranscriptChunk" (
    "taskId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "startMs" INTEGER NOT NULL,
    "endMs" INTEGER NOT NULL,
    "words" JSONB,
    "language" TEXT,

    CONSTRAINT "TranscriptChunk_pkey" PRIMARY KEY ("taskId","index")
);

ALTER TABLE "TranscriptChunk" ADD CONSTRAINT "TranscriptChunk_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StagedAudio" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StagedAudio_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "StagedAudio_createdAt_idx" ON "StagedAudio"("createdAt");

ALTER TABLE "StagedAudio" ADD CONSTRAINT "StagedAudio_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
