-- A line repeated inside one file and answered once is a `repeat`, not `memory` (a line the
-- creator's translation memory held). Until now both were stored as `memory`: a row is taken for a
-- repeat when an earlier cue of the same task has the same text (white space collapsed, as the
-- engine matches lines) and the same translation, made by a provider, a person or another repeat.
-- Rows reused from the translation memory keep `memory`.
WITH norm AS (
  SELECT "taskId", "index", "translatedText", "translatedBy", btrim(regexp_replace("originalText", '\s+', ' ', 'g')) AS "text"
  FROM "Segment"
  WHERE "translatedText" IS NOT NULL
)
UPDATE "Segment" AS s SET "translatedBy" = 'repeat'
FROM norm AS n
WHERE s."taskId" = n."taskId" AND s."index" = n."index" AND n."translatedBy" = 'memory' AND n."text" <> ''
  AND EXISTS (
    SELECT 1 FROM norm AS o
    WHERE o."taskId" = n."taskId" AND o."index" < n."index" AND o."text" = n."text"
      AND o."translatedText" = n."translatedText" AND o."translatedBy" IS DISTINCT FROM 'memory'
  );

-- The machine translations undo may restore keep their origin under the same rule.
UPDATE "SegmentVersion" AS v SET "translatedBy" = 'repeat'
FROM "Segment" AS s
WHERE v."translatedBy" = 'memory' AND s."taskId" = v."taskId" AND s."index" = v."index"
  AND btrim(regexp_replace(s."originalText", '\s+', ' ', 'g')) <> ''
  AND EXISTS (
    SELECT 1 FROM "Segment" AS o
    WHERE o."taskId" = s."taskId" AND o."index" < s."index"
      AND btrim(regexp_replace(o."originalText", '\s+', ' ', 'g')) = btrim(regexp_replace(s."originalText", '\s+', ' ', 'g'))
      AND o."translatedText" = v."translatedText" AND o."translatedBy" NOT IN ('memory', 'edited')
  );
