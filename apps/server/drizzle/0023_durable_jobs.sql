CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" <> 'dead';--> statement-breakpoint
CREATE INDEX "jobs_stuck_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."last_error" is not null;--> statement-breakpoint
-- A job written anywhere wakes every instance's worker at its commit (migration 0004's function on
-- the 'axle_changes' channel), so that mail leaves at once instead of at the next poll. Inserts
-- only: the workers' own updates must not wake them again.
CREATE TRIGGER jobs_notify_change AFTER INSERT ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION axle_notify_change();
