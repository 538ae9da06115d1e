-- Review links to one task (only the token's hash), reviewers' comments and suggestions, task approval.
CREATE TABLE "ReviewLink" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewLink_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ReviewLink_tokenHash_key" ON "ReviewLink"("tokenHash");
CREATE INDEX "ReviewLink_taskId_createdAt_idx" ON "ReviewLink"("taskId", "createdAt");
ALTER TABLE "ReviewLink" ADD CONSTRAINT "ReviewLink_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ReviewComment" (
    "id" TEXT NOT NULL,
    "linkId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "segmentIndex" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "suggestion" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    CONSTRAINT "ReviewComment_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ReviewComment_taskId_createdAt_idx" ON "ReviewComment"("taskId", "createdAt");
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "ReviewLink"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "TaskApproval" (
    "taskId" TEXT NOT NULL,
    "approvedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TaskApproval_pkey" PRIMARY KEY ("taskId")
);
ALTER TABLE "TaskApproval" ADD CONSTRAINT "TaskApproval_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
