-- A user's staged recordings are capped by count and by bytes (lib/transcribe/staged-audio.ts).
ALTER TABLE "StagedAudio" ADD COLUMN "bytes" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "StagedAudio_userId_createdAt_idx" ON "StagedAudio"("userId", "createdAt");
