ALTER TABLE "jobs" ADD COLUMN "every_ms" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_recurring_idx" ON "jobs" USING btree ("kind") WHERE "jobs"."every_ms" is not null;