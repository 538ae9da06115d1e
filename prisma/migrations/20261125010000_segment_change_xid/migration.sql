-- Which transaction last wrote each segment, so the editor can ask for the rows changed since its
-- last poll (lib/tasks/changes.ts). A trigger sets it on every write, raw SQL ones included.
ALTER TABLE "Segment" ADD COLUMN "changeXid" BIGINT NOT NULL DEFAULT 0;

-- The body's semicolons are written \073: migrations are run statement by statement, split at
-- every semicolon (the Postgres driver adapter's executeScript), quoted ones included.
CREATE FUNCTION "segment_mark_change"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."changeXid" := pg_current_xact_id()::text::bigint\073 RETURN NEW\073 END';

CREATE TRIGGER "segment_mark_change" BEFORE INSERT OR UPDATE ON "Segment"
  FOR EACH ROW EXECUTE FUNCTION "segment_mark_change"();
