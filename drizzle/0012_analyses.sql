CREATE TABLE "analyses" (
	"game_id" text NOT NULL,
	"lens" text NOT NULL,
	"status" text NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "analyses_game_id_lens_pk" PRIMARY KEY("game_id","lens")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_pending_idx" ON "analyses" USING btree ("status","requested_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "analyses_requester_idx" ON "analyses" USING btree ("requested_by") WHERE status in ('queued', 'running');