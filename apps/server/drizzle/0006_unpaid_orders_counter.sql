ALTER TABLE "users" ADD COLUMN "unpaid_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each user's orders that are neither paid nor cancelled, counted once for the orders that exist
-- and from now on by a trigger, for whatever writes orders (the shop, the CLI, psql, a restore):
-- placing an order checks this number under the user's row lock (issue 14 #7), in one statement.
UPDATE "users" SET "unpaid_orders" = (
  SELECT count(*) FROM "orders"
  WHERE "orders"."user_id" = "users"."id" AND NOT "orders"."paid" AND "orders"."cancelled_at" IS NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION axle_count_unpaid_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.paid AND OLD.cancelled_at IS NULL THEN
    UPDATE users SET unpaid_orders = unpaid_orders - 1 WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.paid AND NEW.cancelled_at IS NULL THEN
    UPDATE users SET unpaid_orders = unpaid_orders + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_unpaid AFTER INSERT OR UPDATE OF paid, cancelled_at, user_id OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION axle_count_unpaid_orders();
