-- One search box finds the part (issue 16 #4): a part's words now include its brand, its part
-- number and its category path beside its name and description. Those live in other tables, so
-- the two search columns stop being generated and a trigger keeps them, for whatever writes a
-- part (the shop, an import, the generator, psql), and again when a brand or category is renamed.
ALTER TABLE "parts" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_name" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_name" SET DEFAULT '';--> statement-breakpoint
-- The words of names and brands, where a search that finds nothing looks for close spellings.
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_name_key_prefix_idx" ON "brands" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION axle_part_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_names text;
  step_id uuid := NEW.category_id;
  step_name text;
  depth int := 0;
BEGIN
  SELECT name INTO brand_name FROM brands WHERE id = NEW.brand_id;
  -- The category's path, root first: one primary-key lookup per level.
  WHILE step_id IS NOT NULL AND depth < 20 LOOP
    SELECT name, parent_id INTO step_name, step_id FROM categories WHERE id = step_id;
    category_names := concat_ws(' ', step_name, category_names);
    depth := depth + 1;
  END LOOP;
  NEW.search_name := axle_fold(concat_ws(' ', NEW.name, brand_name));
  NEW.search_text := axle_fold(concat_ws(' ', NEW.name, brand_name, NEW.part_number, category_names, NEW.description));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_search_columns BEFORE INSERT OR UPDATE OF name, description, part_number, brand_id, category_id ON parts
  FOR EACH ROW EXECUTE FUNCTION axle_part_search_columns();
--> statement-breakpoint
-- A new name or brand brings its words to the spelling suggestions: once per statement for new
-- parts (a bulk insert splits its names in one query), per part when a name or brand changes.
CREATE OR REPLACE FUNCTION axle_add_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT word FROM new_rows, regexp_split_to_table(new_rows.search_name, '[^[:alnum:]]+') AS word
      WHERE length(word) BETWEEN 3 AND 40 AND word !~ '[0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_search_terms_inserted AFTER INSERT ON parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_add_search_terms();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION axle_add_renamed_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT word FROM regexp_split_to_table(NEW.search_name, '[^[:alnum:]]+') AS word
      WHERE length(word) BETWEEN 3 AND 40 AND word !~ '[0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_search_terms_renamed AFTER UPDATE OF name, brand_id ON parts
  FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name)
  EXECUTE FUNCTION axle_add_renamed_search_terms();
--> statement-breakpoint
-- A renamed brand or category (or one moved in the tree) is searched by its new name.
CREATE OR REPLACE FUNCTION axle_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parts SET brand_id = brand_id WHERE brand_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_renamed AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION axle_brand_renamed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION axle_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE below(id, depth) AS (
    SELECT NEW.id, 0
    UNION ALL
    SELECT c.id, below.depth + 1 FROM categories c JOIN below ON c.parent_id = below.id
      WHERE below.depth < 20
  )
  UPDATE parts SET category_id = category_id WHERE category_id IN (SELECT id FROM below);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE OF name, parent_id ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION axle_category_renamed();
--> statement-breakpoint
-- The parts there are: their columns rewritten once by the trigger (and their words collected).
UPDATE parts SET name = name;
