CREATE TABLE "fleet_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vin" text NOT NULL,
	"plate" text,
	"name" text,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"engine" text,
	"vehicle_id" uuid,
	"label" text NOT NULL,
	"mileage_km" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_vehicles_mileage" CHECK ("fleet_vehicles"."mileage_km" is null or "fleet_vehicles"."mileage_km" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vehicle_label" text;--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_vehicles_company_id_vin_idx" ON "fleet_vehicles" USING btree ("company_id","vin");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_company_id_created_at_idx" ON "fleet_vehicles" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_vehicle_id_fleet_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."fleet_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vehicle_id_fleet_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."fleet_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_vehicle_id_idx" ON "order_lines" USING btree ("vehicle_id") WHERE "order_lines"."vehicle_id" is not null;