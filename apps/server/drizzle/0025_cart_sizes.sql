CREATE TABLE "cart_sizes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cart_sizes_lines_max" CHECK ("cart_sizes"."lines" between 0 and 200)
);
--> statement-breakpoint
ALTER TABLE "cart_sizes" ADD CONSTRAINT "cart_sizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each customer's cart lines, counted once for the carts that exist and from now on by triggers,
-- for whatever writes cart lines (issue 31 #3): the CHECK above is the cart's cap, which a cart
-- write meets in its own statement. Rows an upsert only updated are not in new_rows.
INSERT INTO "cart_sizes" ("user_id", "lines")
  SELECT "user_id", count(*) FROM "cart_lines" GROUP BY "user_id";
--> statement-breakpoint
CREATE FUNCTION axle_count_cart_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cart_sizes AS s (user_id, lines)
      SELECT user_id, count(*) FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET lines = s.lines + excluded.lines;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE cart_sizes AS s SET lines = s.lines - gone.n
      FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id) AS gone
      WHERE s.user_id = gone.user_id;
  ELSE
    DELETE FROM cart_sizes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cart_lines_count_inserted AFTER INSERT ON "cart_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_cart_lines();
--> statement-breakpoint
CREATE TRIGGER cart_lines_count_deleted AFTER DELETE ON "cart_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION axle_count_cart_lines();
--> statement-breakpoint
CREATE TRIGGER cart_lines_count_truncated AFTER TRUNCATE ON "cart_lines" FOR EACH STATEMENT EXECUTE FUNCTION axle_count_cart_lines();
