-- A left-out line keeps who said it when the provider labels speakers (issue 30 items 1 and 4),
-- so a restored line comes back as that speaker's cue.
ALTER TABLE "LeftOutLine" ADD COLUMN "speaker" TEXT;
