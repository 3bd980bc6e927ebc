DROP INDEX "admin_audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'admin';--> statement-breakpoint
CREATE INDEX "users_name_lower_id_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_email_lower_id_idx" ON "users" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_id_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_search_trgm_idx" ON "admin_audit_log" USING gin (lower("admin_email" || ' ' || "target") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_created_at_id_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_id_idx" ON "orders" USING btree (("unit_price_cents"::bigint * "quantity"),"id");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (lower("name" || ' ' || "email" || ' ' || "part_name") gin_trgm_ops);