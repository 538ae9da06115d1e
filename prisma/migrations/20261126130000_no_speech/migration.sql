-- A recording in which no speech was found ends in a state of its own (not "completed" with no
-- cues), its points released (lib/transcribe/run.ts).
ALTER TYPE "TaskStatus" ADD VALUE 'no_speech';
