-- One entry per term in a creator's glossary for a target language (lib/glossary/entries.ts).
-- Terms are compared by a key the database derives: NFKC-normalised (full-width letters and
-- half-width katakana fold to their usual forms), runs of white space collapsed to one space,
-- trimmed, lower case. Whatever writes a row (the API, raw SQL, a seed), the key is the same.
ALTER TABLE "GlossaryEntry" ADD COLUMN "termKey" TEXT NOT NULL
  GENERATED ALWAYS AS (lower(btrim(regexp_replace(normalize("term", NFKC), '\s+', ' ', 'g')))) STORED;

-- Entries that now count as the same term (the same term under two source languages, or case and
-- width variants, or copies stored by concurrent creates): the most recently updated one stays.
DELETE FROM "GlossaryEntry" AS older
  USING "GlossaryEntry" AS newer
  WHERE older."userId" = newer."userId"
    AND older."targetLanguage" = newer."targetLanguage"
    AND older."termKey" = newer."termKey"
    AND (older."updatedAt", older."id") < (newer."updatedAt", newer."id");

CREATE UNIQUE INDEX "GlossaryEntry_userId_targetLanguage_termKey_key" ON "GlossaryEntry"("userId", "targetLanguage", "termKey");
