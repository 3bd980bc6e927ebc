-- Every instance keeps the catalogue and the reviews in a short-lived cache. A committed change to
-- either table tells every instance listening on the channel 'axle_changes' which table changed
-- (the payload is the table's name). NOTIFY is delivered only when the transaction commits, and
-- the trigger fires for any writer: the shop, the CLI, a restore or psql.
CREATE OR REPLACE FUNCTION axle_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('axle_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parts
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
--> statement-breakpoint
CREATE TRIGGER reviews_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
