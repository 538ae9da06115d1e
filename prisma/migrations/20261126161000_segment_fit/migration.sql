-- Translations too long for their cue (issue 30): shortened once by DeepSeek, or flagged.
ALTER TABLE "Segment" ADD COLUMN "fit" TEXT;
