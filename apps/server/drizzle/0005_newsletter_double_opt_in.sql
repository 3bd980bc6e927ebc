-- Newsletter double opt-in (issue 14 #9): an address gets the newsletter only once its owner opened
-- the e-mailed single-use link. Addresses stored before this stay unconfirmed: they get nothing
-- until they subscribe again and confirm.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_token_hash_idx" ON "newsletter_subscriptions" USING btree ("token_hash");