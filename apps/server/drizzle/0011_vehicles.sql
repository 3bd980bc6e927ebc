CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	"variant" text,
	CONSTRAINT "vehicles_make_model_variant_years_key" UNIQUE NULLS NOT DISTINCT("make","model","variant","year_from"),
	CONSTRAINT "vehicles_years_in_order" CHECK ("vehicles"."year_from" <= "vehicles"."year_to")
);
--> statement-breakpoint
CREATE INDEX "vehicles_make_model_years_idx" ON "vehicles" USING btree (lower("make"),lower("model"),"year_from","year_to");