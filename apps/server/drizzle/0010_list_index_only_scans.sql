CREATE INDEX "orders_created_at_id_state_idx" ON "orders" USING btree ("created_at","id","cancelled_at","paid","shipped");--> statement-breakpoint
CREATE INDEX "reviews_created_at_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_user_created_at_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
DROP INDEX "orders_created_at_id_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";
