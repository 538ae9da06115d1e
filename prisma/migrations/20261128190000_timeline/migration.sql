-- The editor's timeline: a task's waveform peaks and its video's shot changes, kept with the task.
CREATE TABLE "TaskPeaks" (
    "taskId" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskPeaks_pkey" PRIMARY KEY ("taskId")
);

CREATE TABLE "TaskShotChanges" (
    "taskId" TEXT NOT NULL,
    "cutsMs" INTEGER[],
    "frameRate" DOUBLE PRECISION,
    "durationMs" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskShotChanges_pkey" PRIMARY KEY ("taskId")
);

ALTER TABLE "TaskPeaks" ADD CONSTRAINT "TaskPeaks_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "TaskShotChanges" ADD CONSTRAINT "TaskShotChanges_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
