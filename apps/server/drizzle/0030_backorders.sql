ALTER TABLE "parts" ADD COLUMN "allow_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "backordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_backordered_idx" ON "order_lines" USING btree ("part_id") WHERE "order_lines"."backordered" > 0;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_backordered_within_quantity" CHECK ("order_lines"."backordered" >= 0 and "order_lines"."backordered" <= "order_lines"."quantity");
--> statement-breakpoint
-- Backordered units arriving (issue 32 #3): `quantity` units of a line taken from its part's
-- warehouses (the caller took them from the part's total, whose row it locked), from the first
-- warehouse that holds them all, else the fullest first, and recorded where they came from.
CREATE FUNCTION axle_take_line_stock(line_order uuid, line_position int, line_part uuid, quantity int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held record;
  need int := quantity;
  taken int;
BEGIN
  FOR held IN
    SELECT s.warehouse_id, s.quantity FROM part_stock s JOIN warehouses w ON w.id = s.warehouse_id
    WHERE s.part_id = line_part AND s.quantity > 0
    ORDER BY s.quantity >= need DESC, CASE WHEN s.quantity >= need THEN w.position END,
      s.quantity DESC, w.position, w.code
  LOOP
    taken := least(held.quantity, need);
    UPDATE part_stock SET quantity = part_stock.quantity - taken
      WHERE part_id = line_part AND warehouse_id = held.warehouse_id;
    INSERT INTO order_line_sources (order_id, position, warehouse_id, part_id, quantity)
      VALUES (line_order, line_position, held.warehouse_id, line_part, taken)
      ON CONFLICT (order_id, position, warehouse_id)
      DO UPDATE SET quantity = order_line_sources.quantity + excluded.quantity;
    need := need - taken;
    EXIT WHEN need = 0;
  END LOOP;
END
$$;
