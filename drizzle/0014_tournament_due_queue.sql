ALTER TABLE "tournaments" ADD COLUMN "next_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "tournaments_next_idx" ON "tournaments" USING btree ("next_at") WHERE next_at is not null;--> statement-breakpoint
-- Tournaments made before the due queue: an upcoming one is due at its start, a running one at once
-- (its first step sets when it is due next).
UPDATE "tournaments" SET "next_at" = CASE WHEN "status" = 'upcoming' THEN "starts_at" ELSE now() END WHERE "status" <> 'finished';
