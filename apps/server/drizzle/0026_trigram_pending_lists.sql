-- Trigram indexes keep at most 64 kB of pending entries (db/trigram-index.ts, ADR 023): every
-- search through a GIN index reads its whole pending list, which rows updated off their page
-- (stock taken by an order, an order's every change) filled up to 4 MB. Set on the indexes as
-- they are: nothing is rebuilt.
ALTER INDEX "users_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "admin_audit_log_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "parts_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "companies_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "orders_search_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
-- A part's stock changes with every order, and nothing indexed changes with it: a tenth of each
-- page kept free lets PostgreSQL write the new version beside the old one (a HOT update), so no
-- index gets an entry at all. Pages written from now on keep it; older ones as their rows move.
ALTER TABLE "parts" SET (fillfactor = 90);
