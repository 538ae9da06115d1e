-- AlterTable
ALTER TABLE "Segment" ADD COLUMN     "editedAt" TIMESTAMP(3);
