-- The moment a chunk of sound went to the speech provider: a task deleted or failed is charged for
-- the sound it sent (docs/billing.md).
ALTER TABLE "TranscriptChunk" ADD COLUMN "sentAt" TIMESTAMP(3);
