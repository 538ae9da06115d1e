-- A task may ask for a DeepSeek review pass after its translation.
ALTER TABLE "Task" ADD COLUMN "review" BOOLEAN NOT NULL DEFAULT false;

-- The translation a review corrected, kept one click away in the editor.
ALTER TABLE "Segment" ADD COLUMN "firstVersion" TEXT;
