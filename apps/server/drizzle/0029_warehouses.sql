CREATE TABLE "order_line_sources" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_line_sources_order_id_position_warehouse_id_pk" PRIMARY KEY("order_id","position","warehouse_id"),
	CONSTRAINT "order_line_sources_quantity_positive" CHECK ("order_line_sources"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "part_stock" (
	"part_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"restock_date" date,
	CONSTRAINT "part_stock_part_id_warehouse_id_pk" PRIMARY KEY("part_id","warehouse_id"),
	CONSTRAINT "part_stock_quantity_not_negative" CHECK ("part_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"cutoff" text DEFAULT '16:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"working_days" smallint[] DEFAULT '{1,2,3,4,5}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_code_format" CHECK ("warehouses"."code" ~ '^[A-Z0-9]{2,8}$'),
	CONSTRAINT "warehouses_cutoff_format" CHECK ("warehouses"."cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "order_line_sources" ADD CONSTRAINT "order_line_sources_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_sources" ADD CONSTRAINT "order_line_sources_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_sources" ADD CONSTRAINT "order_line_sources_order_id_position_order_lines_order_id_position_fk" FOREIGN KEY ("order_id","position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_sources_warehouse_id_idx" ON "order_line_sources" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "order_line_sources_part_id_idx" ON "order_line_sources" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "part_stock_warehouse_id_idx" ON "part_stock" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_unique" ON "warehouses" USING btree ("code");
--> statement-breakpoint
-- The first warehouse, so that every part's stock has a home; an admin renames it or adds others.
INSERT INTO "warehouses" ("code", "name", "city") VALUES ('MAIN', 'Main warehouse', 'Main city');
--> statement-breakpoint
INSERT INTO "part_stock" ("part_id", "warehouse_id", "quantity")
  SELECT p.id, w.id, p.available_quantity FROM "parts" p CROSS JOIN "warehouses" w
  WHERE p.available_quantity > 0;
--> statement-breakpoint
-- Statistics now: a part's stock is read with every part shown, and without them the planner
-- guesses hundreds of rows a part (a JIT-compiled plan of a third of a second) until autovacuum.
ANALYZE "part_stock";
--> statement-breakpoint
-- A part's warehouses always hold its available quantity between them. The writers that know
-- the warehouse change both; any other change of the sum (the admin's part form, a catalogue file
-- without stock columns, psql) is put right when its transaction commits: more goes to the first
-- warehouse, less is taken the way an order of one line would take it (the first warehouse that
-- holds it all, else the fullest first).
CREATE FUNCTION axle_reconcile_part_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  available int;
  missing int;
  first_warehouse uuid;
  held record;
  taken int;
BEGIN
  SELECT p.available_quantity - coalesce((SELECT sum(s.quantity) FROM part_stock s WHERE s.part_id = p.id), 0)
    INTO missing FROM parts p WHERE p.id = NEW.id;
  IF missing IS NULL OR missing = 0 THEN RETURN NULL; END IF;
  IF missing > 0 THEN
    SELECT id INTO first_warehouse FROM warehouses ORDER BY position, code LIMIT 1;
    INSERT INTO part_stock (part_id, warehouse_id, quantity) VALUES (NEW.id, first_warehouse, missing)
      ON CONFLICT (part_id, warehouse_id) DO UPDATE SET quantity = part_stock.quantity + excluded.quantity;
    RETURN NULL;
  END IF;
  missing := -missing;
  FOR held IN
    SELECT s.warehouse_id, s.quantity FROM part_stock s JOIN warehouses w ON w.id = s.warehouse_id
    WHERE s.part_id = NEW.id AND s.quantity > 0
    ORDER BY s.quantity >= missing DESC, CASE WHEN s.quantity >= missing THEN w.position END,
      s.quantity DESC, w.position, w.code
  LOOP
    taken := least(held.quantity, missing);
    UPDATE part_stock SET quantity = quantity - taken
      WHERE part_id = NEW.id AND warehouse_id = held.warehouse_id;
    missing := missing - taken;
    EXIT WHEN missing = 0;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER parts_stock_reconcile AFTER UPDATE OF available_quantity ON parts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.available_quantity IS DISTINCT FROM NEW.available_quantity)
  EXECUTE FUNCTION axle_reconcile_part_stock();
--> statement-breakpoint
-- A new part's stock is in the first warehouse, set-based at the end of the insert (a bulk insert
-- of 50,000 parts is one more statement, not 50,000 deferred calls); a writer that knows better
-- (the demo, the generator, a catalogue file with stock columns) sets the warehouses after it.
CREATE FUNCTION axle_stock_new_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO part_stock (part_id, warehouse_id, quantity)
    SELECT n.id, (SELECT id FROM warehouses ORDER BY position, code LIMIT 1), n.available_quantity
    FROM new_parts n WHERE n.available_quantity > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_stock_new AFTER INSERT ON parts REFERENCING NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION axle_stock_new_parts();
--> statement-breakpoint
-- An order's lines take their units from the warehouses (the catalogue's reservation took them
-- from the parts' totals in the same transaction, whose rows it locked): each line takes what its
-- part's warehouses hold above its total (so lines written without a reservation take nothing).
-- The order goes to one warehouse when one holds every line (the first in the shop's order), else
-- to a set chosen greedily (each time the warehouse that covers most of what is left: the fewest
-- in practice); then each line is taken from one warehouse of the set that holds all of it, else
-- from the set's fullest first. Where each unit came from is kept in order_line_sources.
CREATE FUNCTION axle_take_order_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed record;
  positions int[];
  part_ids uuid[];
  needs int[];
  still int[];
  chosen uuid;
  chosen_set uuid[];
  held record;
  taken int;
BEGIN
  -- Only the orders whose lines have anything to take (one pass over the statement's lines: a
  -- bulk insert of lines written without a reservation costs one query).
  FOR placed IN
    SELECT DISTINCT n.order_id FROM new_lines n JOIN parts p ON p.id = n.part_id
    WHERE coalesce((SELECT sum(s.quantity) FROM part_stock s WHERE s.part_id = n.part_id), 0)
      > p.available_quantity
  LOOP
    SELECT array_agg(position ORDER BY position), array_agg(part_id ORDER BY position),
           array_agg(need ORDER BY position)
      INTO positions, part_ids, needs
      FROM (
        SELECT n.position, n.part_id,
          greatest(0, least(n.quantity,
            coalesce((SELECT sum(s.quantity) FROM part_stock s WHERE s.part_id = n.part_id), 0)
              - p.available_quantity
              - coalesce(sum(n.quantity) OVER (PARTITION BY n.part_id ORDER BY n.position
                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS need
        FROM new_lines n JOIN parts p ON p.id = n.part_id
        WHERE n.order_id = placed.order_id
      ) lines;
    -- One warehouse holding every line, the first in the shop's order.
    SELECT w.id INTO chosen FROM warehouses w
      WHERE NOT EXISTS (
        SELECT 1 FROM (SELECT x.part_id, sum(x.need) AS need FROM unnest(part_ids, needs) x(part_id, need)
                       GROUP BY x.part_id) wanted
        WHERE wanted.need > coalesce((SELECT s.quantity FROM part_stock s
                                      WHERE s.part_id = wanted.part_id AND s.warehouse_id = w.id), 0))
      ORDER BY w.position, w.code LIMIT 1;
    chosen_set := CASE WHEN chosen IS NULL THEN '{}'::uuid[] ELSE ARRAY[chosen] END;
    still := needs;
    WHILE chosen IS NULL AND coalesce((SELECT sum(x) FROM unnest(still) x), 0) > 0 LOOP
      SELECT w.id INTO chosen FROM warehouses w WHERE w.id <> ALL (chosen_set)
        ORDER BY (SELECT coalesce(sum(least(x.need, s.quantity)), 0)
                  FROM unnest(part_ids, still) x(part_id, need)
                  JOIN part_stock s ON s.part_id = x.part_id AND s.warehouse_id = w.id) DESC,
          w.position, w.code
        LIMIT 1;
      EXIT WHEN chosen IS NULL;
      chosen_set := chosen_set || chosen;
      FOR i IN 1 .. array_length(positions, 1) LOOP
        still[i] := greatest(0, still[i] - coalesce((SELECT s.quantity FROM part_stock s
          WHERE s.part_id = part_ids[i] AND s.warehouse_id = chosen), 0));
      END LOOP;
      chosen := NULL;
    END LOOP;
    FOR i IN 1 .. array_length(positions, 1) LOOP
      CONTINUE WHEN needs[i] = 0;
      FOR held IN
        SELECT s.warehouse_id, s.quantity FROM part_stock s
          JOIN warehouses w ON w.id = s.warehouse_id
          LEFT JOIN unnest(chosen_set) WITH ORDINALITY c(id, rank) ON c.id = s.warehouse_id
        WHERE s.part_id = part_ids[i] AND s.quantity > 0
        ORDER BY c.rank IS NULL, s.quantity >= needs[i] DESC,
          CASE WHEN s.quantity >= needs[i] THEN c.rank END, s.quantity DESC, c.rank, w.position, w.code
      LOOP
        taken := least(held.quantity, needs[i]);
        UPDATE part_stock SET quantity = quantity - taken
          WHERE part_id = part_ids[i] AND warehouse_id = held.warehouse_id;
        INSERT INTO order_line_sources (order_id, position, warehouse_id, part_id, quantity)
          VALUES (placed.order_id, positions[i], held.warehouse_id, part_ids[i], taken);
        needs[i] := needs[i] - taken;
        EXIT WHEN needs[i] = 0;
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_take_stock AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION axle_take_order_stock();
--> statement-breakpoint
CREATE TRIGGER part_stock_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON part_stock
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER warehouses_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
