DROP INDEX "matches_status_idx";--> statement-breakpoint
CREATE INDEX "games_created_idx" ON "games" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);