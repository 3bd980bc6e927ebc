CREATE TABLE "row_counts" (
	"name" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
-- The counts of the large tables (db/row-counts.table.ts), kept by statement-level triggers with
-- transition tables: one change per count and statement whatever its number of rows (the generator
-- inserts thousands at once), on a shard of the writing connection, so that concurrent orders do
-- not wait for each other. Counted once here for the rows that exist.
CREATE FUNCTION axle_add_count(count_name text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts (name, shard, n) VALUES (count_name, (pg_backend_pid() % 8)::smallint, delta)
  ON CONFLICT (name, shard) DO UPDATE SET n = row_counts.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION axle_order_state(paid boolean, shipped boolean, cancelled_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cancelled_at IS NOT NULL THEN 'cancelled' WHEN shipped THEN 'shipped'
              WHEN paid THEN 'paid' ELSE 'unpaid' END
$$;
--> statement-breakpoint
CREATE FUNCTION axle_count_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'parts' AS name, 1 AS delta FROM new_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'parts' AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'parts' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'parts' AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSE
    DELETE FROM row_counts WHERE name IN ('parts');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_count_inserted AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_parts();
--> statement-breakpoint
CREATE TRIGGER parts_count_updated AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_parts();
--> statement-breakpoint
CREATE TRIGGER parts_count_deleted AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_parts();
--> statement-breakpoint
CREATE TRIGGER parts_count_truncated AFTER TRUNCATE ON "parts" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_parts();
--> statement-breakpoint
CREATE FUNCTION axle_count_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'audit' AS name, 1 AS delta FROM new_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'audit' AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'audit' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'audit' AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSE
    DELETE FROM row_counts WHERE name IN ('audit');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_count_inserted AFTER INSERT ON "admin_audit_log" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_audit();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_count_updated AFTER UPDATE ON "admin_audit_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_audit();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_count_deleted AFTER DELETE ON "admin_audit_log" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_audit();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_count_truncated AFTER TRUNCATE ON "admin_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_audit();
--> statement-breakpoint
CREATE FUNCTION axle_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'users' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'admins', 1 FROM new_rows WHERE role = 'admin') AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'users' AS name, -1 AS delta FROM old_rows UNION ALL SELECT 'admins', -1 FROM old_rows WHERE role = 'admin') AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'users' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'admins', 1 FROM new_rows WHERE role = 'admin' UNION ALL SELECT 'users' AS name, -1 AS delta FROM old_rows UNION ALL SELECT 'admins', -1 FROM old_rows WHERE role = 'admin') AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSE
    DELETE FROM row_counts WHERE name IN ('users', 'admins');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserted AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_updated AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_deleted AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_truncated AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_users();
--> statement-breakpoint
CREATE FUNCTION axle_count_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'reviews' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'review_ratings', 1 * rating FROM new_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'reviews' AS name, -1 AS delta FROM old_rows UNION ALL SELECT 'review_ratings', -1 * rating FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'reviews' AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'review_ratings', 1 * rating FROM new_rows UNION ALL SELECT 'reviews' AS name, -1 AS delta FROM old_rows UNION ALL SELECT 'review_ratings', -1 * rating FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSE
    DELETE FROM row_counts WHERE name IN ('reviews', 'review_ratings');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_count_inserted AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_count_updated AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_count_deleted AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_count_truncated AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_reviews();
--> statement-breakpoint
CREATE FUNCTION axle_count_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'orders:' || axle_order_state(paid, shipped, cancelled_at) AS name, 1 AS delta FROM new_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'orders:' || axle_order_state(paid, shipped, cancelled_at) AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN SELECT name, sum(delta)::bigint AS delta FROM (SELECT 'orders:' || axle_order_state(paid, shipped, cancelled_at) AS name, 1 AS delta FROM new_rows UNION ALL SELECT 'orders:' || axle_order_state(paid, shipped, cancelled_at) AS name, -1 AS delta FROM old_rows) AS c GROUP BY name LOOP
      IF change.delta <> 0 THEN PERFORM axle_add_count(change.name, change.delta); END IF;
    END LOOP;
  ELSE
    DELETE FROM row_counts WHERE name LIKE 'orders:%';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_inserted AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_orders();
--> statement-breakpoint
CREATE TRIGGER orders_count_updated AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_orders();
--> statement-breakpoint
CREATE TRIGGER orders_count_deleted AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_orders();
--> statement-breakpoint
CREATE TRIGGER orders_count_truncated AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_orders();
--> statement-breakpoint
INSERT INTO row_counts (name, shard, n)
SELECT name, 0, n FROM (
  SELECT 'parts' AS name, count(*) AS n FROM parts
  UNION ALL SELECT 'audit', count(*) FROM admin_audit_log
  UNION ALL SELECT 'users', count(*) FROM users
  UNION ALL SELECT 'admins', count(*) FROM users WHERE role = 'admin'
  UNION ALL SELECT 'reviews', count(*) FROM reviews
  UNION ALL SELECT 'review_ratings', coalesce(sum(rating), 0) FROM reviews
  UNION ALL SELECT 'orders:' || axle_order_state(paid, shipped, cancelled_at), count(*) FROM orders GROUP BY 1
) AS counted WHERE n <> 0;
