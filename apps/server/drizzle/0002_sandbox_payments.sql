CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_client_secret_idx" ON "sandbox_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_idempotency_key_idx" ON "sandbox_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_intents_order_id_idx" ON "sandbox_intents" USING btree ("order_id");