CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state" CHECK ("webhook_deliveries"."state" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id_created_at_idx" ON "api_keys" USING btree ("user_id","created_at") WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_due_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_id_idx" ON "webhook_endpoints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_id_idx" ON "webhook_endpoints" USING btree ("company_id") WHERE "webhook_endpoints"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Order events for outgoing webhooks (issue 19 #4), written into the outbox (webhook_events and one
-- webhook_deliveries row per endpoint that takes the event) in the same transaction as the change,
-- whichever path made it: the purchase form's one-statement order, a checkout, a payment (card,
-- webhook, reconciliation or on account), shipping, a cancellation, an expiry, a rejection. The
-- triggers are deferred to the commit, so the payload is the order as the transaction leaves it,
-- every line included (a checkout writes its lines after its order). An endpoint made for a
-- company hears of the company's orders while its maker is still one of the company's owners;
-- any other endpoint hears of its maker's own orders. Nothing is written when no endpoint takes it.
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
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_event_placed AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION axle_order_event('order.placed');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_event_paid AFTER UPDATE OF paid ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT OLD.paid AND NEW.paid)
  EXECUTE FUNCTION axle_order_event('order.paid');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_event_shipped AFTER UPDATE OF shipped ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT OLD.shipped AND NEW.shipped)
  EXECUTE FUNCTION axle_order_event('order.shipped');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_event_cancelled AFTER UPDATE OF cancelled_at ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL)
  EXECUTE FUNCTION axle_order_event('order.cancelled');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_event_deleted AFTER DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT OLD.paid AND OLD.cancelled_at IS NULL)
  EXECUTE FUNCTION axle_order_event('order.cancelled');
