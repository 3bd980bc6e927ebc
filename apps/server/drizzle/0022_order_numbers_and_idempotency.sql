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
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
-- Webhook payloads name the order by its short number too, as its buyer does.
CREATE OR REPLACE FUNCTION axle_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := TG_ARGV[0];
  o orders%ROWTYPE;
  new_event uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    o := OLD;
  ELSE
    SELECT * INTO o FROM orders WHERE id = NEW.id;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  WITH targets AS (
    SELECT e.id FROM webhook_endpoints e
    WHERE e.company_id IS NULL AND e.user_id = o.user_id AND event_type = ANY (e.events)
    UNION
    SELECT e.id FROM webhook_endpoints e
    JOIN company_members m ON m.user_id = e.user_id AND m.company_id = e.company_id AND m.role = 'owner'
    WHERE o.company_id IS NOT NULL AND e.company_id = o.company_id AND event_type = ANY (e.events)
  ),
  event AS (
    INSERT INTO webhook_events (type, order_id, payload)
    SELECT event_type, o.id, jsonb_build_object(
      'id', o.id,
      'number', o.number,
      'state', CASE
        WHEN o.cancelled_at IS NOT NULL OR TG_OP = 'DELETE' THEN 'cancelled'
        WHEN o.shipped THEN 'shipped'
        WHEN o.paid THEN 'paid'
        WHEN o.approval = 'awaiting' THEN 'awaiting-approval'
        ELSE 'unpaid' END,
      'total', round(o.total_cents / 100.0, 2),
      'purchaseOrder', o.po_number,
      'trackingNumber', o.tracking_number,
      'lines', COALESCE((
        SELECT jsonb_agg(jsonb_build_object(
          'partId', l.part_id, 'partNumber', l.part_number, 'partName', l.part_name,
          'quantity', l.quantity, 'unitPrice', round(l.unit_price_cents / 100.0, 2)
        ) ORDER BY l.position)
        FROM order_lines l WHERE l.order_id = o.id), '[]'::jsonb),
      'createdAt', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    WHERE EXISTS (SELECT 1 FROM targets)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id)
  SELECT event.id, targets.id FROM event, targets;
  RETURN NULL;
END
$$;
