CREATE TABLE "company_category_discounts" (
	"company_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"basis_points" integer NOT NULL,
	CONSTRAINT "company_category_discounts_company_id_category_id_pk" PRIMARY KEY("company_id","category_id"),
	CONSTRAINT "company_category_discounts_range" CHECK ("company_category_discounts"."basis_points" between 1 and 9900)
);
--> statement-breakpoint
CREATE TABLE "company_part_prices" (
	"company_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "company_part_prices_company_id_part_id_pk" PRIMARY KEY("company_id","part_id"),
	CONSTRAINT "company_part_prices_positive" CHECK ("company_part_prices"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_used_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_reference" text;--> statement-breakpoint
ALTER TABLE "company_category_discounts" ADD CONSTRAINT "company_category_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_category_discounts" ADD CONSTRAINT "company_category_discounts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_part_prices" ADD CONSTRAINT "company_part_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_part_prices" ADD CONSTRAINT "company_part_prices_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_category_discounts_category_id_idx" ON "company_category_discounts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "company_part_prices_part_id_idx" ON "company_part_prices" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "orders_due_on_account_idx" ON "orders" USING btree ("due_at","id") WHERE "orders"."on_account" and "orders"."paid" and "orders"."settled_at" is null and "orders"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit" CHECK ("companies"."credit_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_used" CHECK ("companies"."credit_used_cents" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_terms_days" CHECK ("companies"."terms_days" between 0 and 365);