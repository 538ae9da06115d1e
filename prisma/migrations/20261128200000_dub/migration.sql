-- Dubbed versions of a task, and the phrases each has spoken (for resuming without speaking twice).
CREATE TABLE "Dub" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "voices" JSONB NOT NULL,
    "withOriginal" BOOLEAN NOT NULL,
    "originalKey" TEXT,
    "characters" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "charged" INTEGER,
    "respeakCharged" INTEGER NOT NULL DEFAULT 0,
    "phrasesTotal" INTEGER NOT NULL DEFAULT 0,
    "phrasesDone" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    CONSTRAINT "Dub_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Dub_taskId_createdAt_idx" ON "Dub"("taskId", "createdAt");
ALTER TABLE "Dub" ADD CONSTRAINT "Dub_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "DubPhrase" (
    "dubId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "outcome" JSONB NOT NULL,
    "clipKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DubPhrase_pkey" PRIMARY KEY ("dubId", "key")
);
ALTER TABLE "DubPhrase" ADD CONSTRAINT "DubPhrase_dubId_fkey" FOREIGN KEY ("dubId") REFERENCES "Dub"("id") ON DELETE CASCADE ON UPDATE CASCADE;
