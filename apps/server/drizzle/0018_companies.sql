CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"billing_line1" text NOT NULL,
	"billing_line2" text,
	"billing_city" text NOT NULL,
	"billing_postal_code" text NOT NULL,
	"billing_country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" bigint,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role" CHECK ("company_invitations"."role" in ('owner', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role" CHECK ("company_members"."role" in ('owner', 'buyer')),
	CONSTRAINT "company_members_limit" CHECK ("company_members"."spending_limit_cents" is null or "company_members"."spending_limit_cents" >= 0)
);
--> statement-breakpoint
DROP INDEX "addresses_one_default_idx";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (lower("legal_name" || ' ' || "tax_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_created_at_id_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "company_invitations_company_id_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_members_company_id_joined_at_idx" ON "company_members" USING btree ("company_id","joined_at");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_by_users_id_fk" FOREIGN KEY ("approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_id_created_at_idx" ON "addresses" USING btree ("company_id","created_at") WHERE "addresses"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_company_created_at_id_idx" ON "orders" USING btree ("company_id","created_at","id") WHERE "orders"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree (coalesce("company_id", "user_id")) WHERE "addresses"."is_default";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_only_when_approved" CHECK (NOT "orders"."paid" OR "orders"."approval" IS DISTINCT FROM 'awaiting');