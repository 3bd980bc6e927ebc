-- The car-parts catalogue (issue 16 #1): part numbers, brands, a category tree, OE numbers and
-- cross-references, attributes, weight and fitment (part x vehicle of the list); and My garage.
-- A part number is compared by its key: lower case, without spaces, dashes, dots or slashes, so
-- that 04465-02220, 0446502220 and 04465 02220 are one number (IMMUTABLE, for generated columns).
CREATE OR REPLACE FUNCTION axle_number_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(regexp_replace($1, '[[:space:]./-]+', '', 'g'));
--> statement-breakpoint
CREATE SEQUENCE "public"."part_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (axle_fold("brands"."name")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"part_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"note" text,
	CONSTRAINT "fitments_part_id_vehicle_id_pk" PRIMARY KEY("part_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "part_attributes" (
	"part_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	CONSTRAINT "part_attributes_part_id_position_pk" PRIMARY KEY("part_id","position")
);
--> statement-breakpoint
CREATE TABLE "part_references" (
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"brand" text NOT NULL,
	"number" text NOT NULL,
	"number_key" text GENERATED ALWAYS AS (axle_number_key("part_references"."number")) STORED NOT NULL,
	CONSTRAINT "part_references_part_id_kind_brand_number_pk" PRIMARY KEY("part_id","kind","brand","number"),
	CONSTRAINT "part_references_kind" CHECK ("part_references"."kind" in ('oe', 'cross'))
);
--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_vehicles_user_id_vehicle_id_year_pk" PRIMARY KEY("user_id","vehicle_id","year"),
	CONSTRAINT "garage_vehicles_year" CHECK ("garage_vehicles"."year" between 1900 and 2999)
);
--> statement-breakpoint
-- Existing parts are numbered in the order they were added (AX-000001 the oldest); new parts
-- without a number of their own go on from there.
ALTER TABLE "parts" ADD COLUMN "part_number" text;--> statement-breakpoint
UPDATE "parts" SET "part_number" = numbered.part_number
  FROM (SELECT id, 'AX-' || lpad(nextval('part_numbers')::text, 6, '0') AS part_number
          FROM (SELECT id FROM "parts" ORDER BY created_at, id) AS oldest_first) AS numbered
  WHERE "parts".id = numbered.id;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "part_number" SET DEFAULT 'AX-' || lpad(nextval('part_numbers')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "part_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_number_key" text GENERATED ALWAYS AS (axle_number_key("parts"."part_number")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_attributes" ADD CONSTRAINT "part_attributes_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_references" ADD CONSTRAINT "part_references_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key_idx" ON "brands" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "fitments_vehicle_id_part_id_idx" ON "fitments" USING btree ("vehicle_id","part_id");--> statement-breakpoint
CREATE INDEX "part_references_number_key_idx" ON "part_references" USING btree ("number_key" text_pattern_ops,"part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_one_current_idx" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."current";--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parts_part_number_key_idx" ON "parts" USING btree ("part_number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parts_brand_id_idx" ON "parts" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "parts_category_id_idx" ON "parts" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_weight_positive" CHECK ("parts"."weight_grams" > 0);--> statement-breakpoint
-- Cached catalogue replies read these tables too: a change to any of them empties the caches.
CREATE TRIGGER brands_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER categories_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER part_references_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON part_references
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER part_attributes_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON part_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER fitments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fitments
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
