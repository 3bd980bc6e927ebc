ALTER TABLE "parts" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_superseded_by_parts_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_superseded_by_idx" ON "parts" USING btree ("superseded_by") WHERE "parts"."superseded_by" is not null;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_not_superseded_by_itself" CHECK ("parts"."superseded_by" <> "parts"."id");--> statement-breakpoint
-- The newest part of a part's chain of replacements (A → B → C: C for A and for B; the part itself
-- when nothing replaces it). The trigger below keeps chains free of cycles, so the walk ends.
CREATE FUNCTION newest_part(start uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain(id, next, depth) AS (
    SELECT id, superseded_by, 0 FROM parts WHERE id = start
    UNION ALL
    SELECT p.id, p.superseded_by, chain.depth + 1 FROM chain JOIN parts p ON p.id = chain.next
    WHERE chain.depth < 1000
  )
  SELECT id FROM chain ORDER BY depth DESC LIMIT 1
$$;
--> statement-breakpoint
-- A replacement that would lead back to the part (B replaces A while A, or a part replacing A,
-- replaces B) is refused as a check violation of `parts_supersession_acyclic`, whoever writes it
-- (the admin's form, an import, psql). Writers of replacements take turns (an advisory lock for the
-- transaction), so two that would close a cycle together cannot both pass.
CREATE FUNCTION parts_supersession_acyclic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.superseded_by IS NULL OR NEW.superseded_by = NEW.id THEN
    RETURN NEW; -- nothing, or itself: parts_not_superseded_by_itself refuses that

  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('parts_supersession'));
  IF EXISTS (
    WITH RECURSIVE chain(id, depth) AS (
      SELECT NEW.superseded_by, 0
      UNION ALL
      SELECT p.superseded_by, chain.depth + 1 FROM chain JOIN parts p ON p.id = chain.id
      WHERE p.superseded_by IS NOT NULL AND chain.depth < 1000
    )
    SELECT 1 FROM chain WHERE id = NEW.id
  ) THEN
    RAISE EXCEPTION 'part % would replace itself through its replacements', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'parts_supersession_acyclic';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_supersession_acyclic BEFORE INSERT OR UPDATE OF superseded_by ON parts
  FOR EACH ROW EXECUTE FUNCTION parts_supersession_acyclic();
