-- The part number's search key becomes a plain column that the parts_search_columns trigger sets,
-- instead of a generated one. PostgreSQL treats every stored generated column as changed by any
-- UPDATE of a table with a BEFORE ROW UPDATE trigger; part_number_key has a unique index, so each
-- stock update locked its part as a key update (FOR UPDATE), which blocks the FOR KEY SHARE locks
-- that inserting a cart line or an order line takes on the part: checkouts and quick orders of the
-- same parts queued behind each other and deadlocked. The values stay as they are.
ALTER TABLE "parts" ALTER COLUMN "part_number_key" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "part_number_key" SET DEFAULT '';--> statement-breakpoint
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
  NEW.part_number_key := axle_number_key(NEW.part_number);
  NEW.search_name := axle_fold(concat_ws(' ', NEW.name, brand_name));
  NEW.search_text := axle_fold(concat_ws(' ', NEW.name, brand_name, NEW.part_number, category_names, NEW.description));
  RETURN NEW;
END
$$;
