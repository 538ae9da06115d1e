-- When a part last grew by a real amount, and its size then: a stalled or trickling upload is given up on from there.
ALTER TABLE "AudioPart" ADD COLUMN "progressAt" TIMESTAMP(3);
ALTER TABLE "AudioPart" ADD COLUMN "progressBytes" INTEGER NOT NULL DEFAULT 0;
