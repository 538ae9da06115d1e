-- The review pass (docs/billing.md): a task may ask for it, pays its share with the task, and is
-- refunded that share when a batch could not be reviewed. A segment the review corrected keeps
-- its first translation.
ALTER TABLE "Task" ADD COLUMN "review" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Task" ADD COLUMN "reviewCost" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Task" ADD COLUMN "reviewIncomplete" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Segment" ADD COLUMN "firstTranslation" TEXT;
