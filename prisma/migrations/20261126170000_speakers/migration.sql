-- Speakers (issue 30 item 4): who speaks each cue of a transcription, the names its creator gave
-- them, and where each voice's reference clip is cut from (so a resumed run sends the same voices).
ALTER TABLE "Segment" ADD COLUMN "speakers" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Task" ADD COLUMN "speakerNames" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "TranscriptChunk" ADD COLUMN "speakers" JSONB;
