CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counter_one_row" CHECK ("credit_note_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"number" integer PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"part_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"refunded_to" text NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_quantity_positive" CHECK ("credit_notes"."quantity" > 0),
	CONSTRAINT "credit_notes_amount" CHECK ("credit_notes"."amount_cents" = "credit_notes"."unit_cents"::bigint * "credit_notes"."quantity"),
	CONSTRAINT "credit_notes_refunded_to" CHECK ("credit_notes"."refunded_to" in ('card', 'account'))
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "core_charge_cents" integer;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "core_return_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_charge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_return_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cores_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_idx" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_intent_id_idx" ON "sandbox_refunds" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id","number");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_core_charge_positive" CHECK ("parts"."core_charge_cents" > 0);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_core_return_days_range" CHECK ("parts"."core_return_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cores_returned_within_quantity" CHECK ("order_lines"."cores_returned" >= 0 and "order_lines"."cores_returned" <= "order_lines"."quantity" and ("order_lines"."cores_returned" = 0 or "order_lines"."core_charge_cents" > 0));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_core_charge_not_negative" CHECK ("order_lines"."core_charge_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credited_within_deposits" CHECK ("orders"."credited_cents" >= 0 and "orders"."credited_cents" <= "orders"."deposit_cents" and "orders"."deposit_cents" < "orders"."total_cents");--> statement-breakpoint
-- Credit notes are numbered as invoices are: from a one-row counter taken in the transaction that
-- issues them, so that numbers have no gaps (issue 32 #4).
INSERT INTO "credit_note_counter" ("id", "last") VALUES (1, 0);
