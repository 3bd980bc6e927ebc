-- Search by words (issue 15 #4): each word must be found, case and accents ignored, in a part's
-- name or description. unaccent ships with PostgreSQL's contrib and with PGlite (db/client.ts
-- loads it there). Its functions are only STABLE (the dictionary could be changed), which a
-- generated column cannot use; axle_fold pins the dictionary by its qualified name and is
-- declared IMMUTABLE, the documented way to index unaccented text. Changing unaccent's rules
-- would need the two columns recomputed (UPDATE parts SET name = name).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION axle_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));
--> statement-breakpoint
DROP INDEX "parts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "parts_description_trgm_idx";--> statement-breakpoint
-- One statement, so that the table is rewritten once.
ALTER TABLE "parts"
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (axle_fold("parts"."name" || ' ' || "parts"."description")) STORED NOT NULL,
  ADD COLUMN "search_name" text GENERATED ALWAYS AS (axle_fold("parts"."name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "parts_search_trgm_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);
