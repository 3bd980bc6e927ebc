CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart_lines_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "part_price_tiers" (
	"part_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "part_price_tiers_part_id_min_quantity_pk" PRIMARY KEY("part_id","min_quantity"),
	CONSTRAINT "part_price_tiers_min_quantity" CHECK ("part_price_tiers"."min_quantity" >= 2),
	CONSTRAINT "part_price_tiers_price_positive" CHECK ("part_price_tiers"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"part_name" text NOT NULL,
	"part_img" text,
	"unit_price_cents" integer NOT NULL,
	"list_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_positive" CHECK ("order_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "orders_total_id_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_cents" bigint;--> statement-breakpoint
UPDATE "orders" SET "total_cents" = "unit_price_cents"::bigint * "quantity";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_price_tiers" ADD CONSTRAINT "part_price_tiers_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_id_created_at_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_lines_part_id_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "orders_total_cents_id_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_key" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_positive" CHECK ("orders"."total_cents" > 0);--> statement-breakpoint
-- Every order placed so far had one line: it becomes that order's first line, with the part's
-- number as it is now (orders did not keep it) and its unit price as the list price.
INSERT INTO "order_lines" ("order_id", "position", "part_id", "part_number", "part_name", "part_img", "unit_price_cents", "list_price_cents", "quantity")
SELECT o."id", 0, o."part_id", p."part_number", o."part_name", o."part_img", o."unit_price_cents", o."unit_price_cents", o."quantity"
FROM "orders" o JOIN "parts" p ON p."id" = o."part_id";
--> statement-breakpoint
-- Every order paid so far gets its invoice, numbered in the order the orders were placed (a paid
-- order stays paid; its tax rate was 0, TAX_RATE's default), and the counter goes on from there.
UPDATE "orders" o SET "invoice_number" = n."number", "invoiced_at" = o."updated_at", "tax_rate_basis_points" = 0
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "orders" WHERE "paid") n
WHERE n."id" = o."id";
--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last") SELECT 1, coalesce(max("invoice_number"), 0) FROM "orders";
--> statement-breakpoint
-- Volume prices are shown with the parts: instances empty their cached catalogue when they change.
CREATE TRIGGER part_price_tiers_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON part_price_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice" CHECK (NOT "orders"."paid" OR "orders"."invoice_number" IS NOT NULL);
