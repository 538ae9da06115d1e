-- The uploaded file's format (srt | vtt | ass) and, for VTT and ASS, its decoded text to write back on export.
ALTER TABLE "Task" ADD COLUMN "format" TEXT NOT NULL DEFAULT 'srt';
ALTER TABLE "Task" ADD COLUMN "source" TEXT;
