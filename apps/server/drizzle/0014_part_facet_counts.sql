CREATE TABLE "part_facet_counts" (
	"brand_id" uuid,
	"category_id" uuid,
	"in_stock" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "part_facet_counts_key" UNIQUE NULLS NOT DISTINCT("brand_id","category_id","in_stock","shard")
);
--> statement-breakpoint
DROP INDEX "parts_brand_id_idx";--> statement-breakpoint
DROP INDEX "parts_category_id_idx";--> statement-breakpoint
CREATE INDEX "parts_brand_id_created_at_idx" ON "parts" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "parts_category_id_created_at_idx" ON "parts" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE FUNCTION axle_count_part_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO part_facet_counts AS f (brand_id, category_id, in_stock, shard, n)
    SELECT brand_id, category_id, available_quantity > 0, (pg_backend_pid() % 8)::smallint, count(*)
    FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (brand_id, category_id, in_stock, shard) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO part_facet_counts AS f (brand_id, category_id, in_stock, shard, n)
    SELECT brand_id, category_id, available_quantity > 0, (pg_backend_pid() % 8)::smallint, -count(*)
    FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (brand_id, category_id, in_stock, shard) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates (an order's stock) move no part to another combination: nothing is written.
    INSERT INTO part_facet_counts AS f (brand_id, category_id, in_stock, shard, n)
    SELECT brand_id, category_id, in_stock, (pg_backend_pid() % 8)::smallint, sum(delta)
    FROM (
      SELECT brand_id, category_id, available_quantity > 0 AS in_stock, 1 AS delta FROM new_rows
      UNION ALL
      SELECT brand_id, category_id, available_quantity > 0, -1 FROM old_rows
    ) AS c
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ON CONFLICT (brand_id, category_id, in_stock, shard) DO UPDATE SET n = f.n + excluded.n;
  ELSE
    DELETE FROM part_facet_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_facets_inserted AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_part_facets();
--> statement-breakpoint
CREATE TRIGGER parts_facets_updated AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_part_facets();
--> statement-breakpoint
CREATE TRIGGER parts_facets_deleted AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_part_facets();
--> statement-breakpoint
CREATE TRIGGER parts_facets_truncated AFTER TRUNCATE ON "parts" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_part_facets();
--> statement-breakpoint
INSERT INTO part_facet_counts (brand_id, category_id, in_stock, shard, n)
SELECT brand_id, category_id, available_quantity > 0, 0, count(*) FROM parts GROUP BY 1, 2, 3;
