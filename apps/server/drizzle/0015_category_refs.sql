ALTER TABLE "categories" ADD COLUMN "ref" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A category as the API shows it ({ id, name, slug, path }, the path from its root to itself),
-- made from its parent's when it is written; a change that alters it is passed on to its
-- children, and theirs (a tree: the cascade ends at the leaves).
CREATE FUNCTION axle_category_ref() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  self jsonb := jsonb_build_object('id', NEW.id, 'name', NEW.name, 'slug', NEW.slug);
BEGIN
  NEW.ref := self || jsonb_build_object('path',
    coalesce((SELECT ref->'path' FROM categories WHERE id = NEW.parent_id), '[]'::jsonb)
      || jsonb_build_array(self));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION axle_category_ref_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories SET ref = ref WHERE parent_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
WITH RECURSIVE tree(id, path) AS (
  SELECT id, jsonb_build_array(jsonb_build_object('id', id, 'name', name, 'slug', slug))
    FROM categories WHERE parent_id IS NULL
  UNION ALL
  SELECT c.id, tree.path || jsonb_build_array(jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug))
    FROM categories c JOIN tree ON c.parent_id = tree.id
)
UPDATE categories c SET ref = jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'path', tree.path)
  FROM tree WHERE tree.id = c.id;
--> statement-breakpoint
CREATE TRIGGER categories_ref BEFORE INSERT OR UPDATE ON "categories" FOR EACH ROW EXECUTE FUNCTION axle_category_ref();
--> statement-breakpoint
CREATE TRIGGER categories_ref_children AFTER UPDATE ON "categories" FOR EACH ROW
  WHEN (old.ref IS DISTINCT FROM new.ref) EXECUTE FUNCTION axle_category_ref_children();
