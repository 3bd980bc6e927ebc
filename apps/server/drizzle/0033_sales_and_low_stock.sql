CREATE TABLE "low_stock_alerts" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"share" real DEFAULT 0 NOT NULL,
	"crossed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_sales_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_sales_days_day_kind_customer_id_pk" PRIMARY KEY("day","kind","customer_id"),
	CONSTRAINT "customer_sales_days_kind" CHECK ("customer_sales_days"."kind" in ('company', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "part_sales_days" (
	"part_id" uuid NOT NULL,
	"day" date NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "part_sales_days_part_id_day_pk" PRIMARY KEY("part_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	CONSTRAINT "sales_settings_one_row" CHECK ("sales_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "reorder_point" integer;--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD CONSTRAINT "low_stock_alerts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_sales_days" ADD CONSTRAINT "part_sales_days_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "low_stock_alerts_unmailed_idx" ON "low_stock_alerts" USING btree ("crossed_at") WHERE "low_stock_alerts"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "low_stock_alerts_share_idx" ON "low_stock_alerts" USING btree ("share","part_id");--> statement-breakpoint
CREATE INDEX "part_sales_days_day_idx" ON "part_sales_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_reorder_point_range" CHECK ("parts"."reorder_point" >= 0 and "parts"."reorder_point" <= 1000000);--> statement-breakpoint
INSERT INTO "sales_settings" ("id", "time_zone") VALUES (1, 'UTC');
--> statement-breakpoint
-- An order's sale (issue 33 #1), added (sign 1) or taken back (-1) on the day it was paid, in the
-- shop's time zone: the day's orders and revenue (the total without core deposits), each part's
-- units and their price, and the customer's (the company's, for a company's order).
CREATE FUNCTION axle_count_sale(p_order uuid, p_paid_at timestamptz, p_revenue bigint,
    p_user uuid, p_company uuid, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sale_day date := (p_paid_at AT TIME ZONE (SELECT time_zone FROM sales_settings WHERE id = 1))::date;
BEGIN
  INSERT INTO sales_days AS s (day, orders, revenue_cents)
    VALUES (sale_day, p_sign, p_sign * p_revenue)
    ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders,
      revenue_cents = s.revenue_cents + excluded.revenue_cents;
  INSERT INTO part_sales_days AS s (part_id, day, quantity, revenue_cents)
    SELECT l.part_id, sale_day, p_sign * sum(l.quantity)::int,
        p_sign * sum(l.quantity::bigint * l.unit_price_cents)
      FROM order_lines l WHERE l.order_id = p_order GROUP BY l.part_id
    ON CONFLICT (part_id, day) DO UPDATE SET quantity = s.quantity + excluded.quantity,
      revenue_cents = s.revenue_cents + excluded.revenue_cents;
  IF coalesce(p_company, p_user) IS NOT NULL THEN
    INSERT INTO customer_sales_days AS s (day, kind, customer_id, orders, revenue_cents)
      VALUES (sale_day, CASE WHEN p_company IS NULL THEN 'customer' ELSE 'company' END,
        coalesce(p_company, p_user), p_sign, p_sign * p_revenue)
      ON CONFLICT (day, kind, customer_id) DO UPDATE SET orders = s.orders + excluded.orders,
        revenue_cents = s.revenue_cents + excluded.revenue_cents;
  END IF;
END $$;
--> statement-breakpoint
-- Whether an order counts as sold: paid (invoiced), and not cancelled.
CREATE FUNCTION axle_orders_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP = 'UPDATE' AND OLD.paid AND OLD.cancelled_at IS NULL AND OLD.invoiced_at IS NOT NULL;
  counts boolean := NEW.paid AND NEW.cancelled_at IS NULL AND NEW.invoiced_at IS NOT NULL;
BEGIN
  IF was THEN
    PERFORM axle_count_sale(OLD.id, OLD.invoiced_at, OLD.total_cents - OLD.deposit_cents,
      OLD.user_id, OLD.company_id, -1);
  END IF;
  IF counts THEN
    PERFORM axle_count_sale(NEW.id, NEW.invoiced_at, NEW.total_cents - NEW.deposit_cents,
      NEW.user_id, NEW.company_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, when the order's lines are there. A bulk load (the data generator) sets
-- axle.bulk_load and counts everything once at its end with axle_rebuild_sales().
CREATE CONSTRAINT TRIGGER orders_sales_inserted AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.paid AND current_setting('axle.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION axle_orders_sales();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_sales_updated AFTER UPDATE OF paid, cancelled_at, invoiced_at ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.paid IS DISTINCT FROM NEW.paid OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at
      OR OLD.invoiced_at IS DISTINCT FROM NEW.invoiced_at)
    AND current_setting('axle.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION axle_orders_sales();
--> statement-breakpoint
-- Counts every sale again in the time zone `sales_settings` names (after it changed, or a bulk load).
CREATE FUNCTION axle_rebuild_sales() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM sales_settings WHERE id = 1);
BEGIN
  DELETE FROM sales_days;
  DELETE FROM part_sales_days;
  DELETE FROM customer_sales_days;
  INSERT INTO sales_days (day, orders, revenue_cents)
    SELECT (o.invoiced_at AT TIME ZONE zone)::date, count(*), sum(o.total_cents - o.deposit_cents)
      FROM orders o WHERE o.paid AND o.cancelled_at IS NULL AND o.invoiced_at IS NOT NULL
      GROUP BY 1;
  INSERT INTO part_sales_days (part_id, day, quantity, revenue_cents)
    SELECT l.part_id, (o.invoiced_at AT TIME ZONE zone)::date, sum(l.quantity)::int,
        sum(l.quantity::bigint * l.unit_price_cents)
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.paid AND o.cancelled_at IS NULL AND o.invoiced_at IS NOT NULL
      GROUP BY 1, 2;
  INSERT INTO customer_sales_days (day, kind, customer_id, orders, revenue_cents)
    SELECT (o.invoiced_at AT TIME ZONE zone)::date,
        CASE WHEN o.company_id IS NULL THEN 'customer' ELSE 'company' END,
        coalesce(o.company_id, o.user_id), count(*), sum(o.total_cents - o.deposit_cents)
      FROM orders o
      WHERE o.paid AND o.cancelled_at IS NULL AND o.invoiced_at IS NOT NULL
        AND coalesce(o.company_id, o.user_id) IS NOT NULL
      GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT axle_rebuild_sales();
--> statement-breakpoint
-- A part's stock below its reorder point (issue 33 #4): crossing downwards records it for the daily
-- mail, with its stock as a share of the point (kept at every change while it is low, for the
-- list's order); back above forgets it, so the next crossing is mailed again.
CREATE FUNCTION axle_low_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  point integer := coalesce(NEW.reorder_point, 2 * NEW.minimum_quantity);
BEGIN
  IF NEW.available_quantity < point THEN
    INSERT INTO low_stock_alerts AS a (part_id, share)
      VALUES (NEW.id, NEW.available_quantity::real / greatest(point, 1))
      ON CONFLICT (part_id) DO UPDATE SET share = excluded.share
      WHERE a.share IS DISTINCT FROM excluded.share;
  ELSE
    DELETE FROM low_stock_alerts WHERE part_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER parts_low_stock_inserted AFTER INSERT ON parts FOR EACH ROW
  WHEN (NEW.available_quantity < coalesce(NEW.reorder_point, 2 * NEW.minimum_quantity))
  EXECUTE FUNCTION axle_low_stock();
--> statement-breakpoint
-- Only for a part low before or after the change: a stock change of any other part costs nothing.
CREATE TRIGGER parts_low_stock_updated AFTER UPDATE OF available_quantity, reorder_point, minimum_quantity ON parts
  FOR EACH ROW
  WHEN (OLD.available_quantity < coalesce(OLD.reorder_point, 2 * OLD.minimum_quantity)
    OR NEW.available_quantity < coalesce(NEW.reorder_point, 2 * NEW.minimum_quantity))
  EXECUTE FUNCTION axle_low_stock();
--> statement-breakpoint
-- The parts already low count as mailed: the list shows them; the mail is for what crosses next.
INSERT INTO low_stock_alerts (part_id, share, crossed_at, mailed_at)
  SELECT id, available_quantity::real / greatest(coalesce(reorder_point, 2 * minimum_quantity), 1),
      now(), now()
    FROM parts
  WHERE available_quantity < coalesce(reorder_point, 2 * minimum_quantity);