ALTER TABLE "tournaments" ADD COLUMN "created_from" text;--> statement-breakpoint
CREATE INDEX "tournaments_address_idx" ON "tournaments" USING btree ("created_from") WHERE created_from is not null;