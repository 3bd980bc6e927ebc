CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"reply" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Orders already placed are numbered in the order they were placed (10001 the oldest); the
-- identity then carries on after the last of them.
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" o SET "number" = 10000 + n.rn
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM "orders") n
  WHERE n.id = o.id;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1);--> statement-breakpoint
SELECT setval('orders_number_seq', COALESCE((SELECT max("number") FROM "orders"), 10000));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");
