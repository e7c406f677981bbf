CREATE TABLE "player_events" (
	"player_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_events_pkey" PRIMARY KEY("player_id","seq")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "event_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matches_creator_idx" ON "matches" USING btree ("creator_player_id");--> statement-breakpoint
CREATE INDEX "matches_opponent_idx" ON "matches" USING btree ("opponent_player_id");--> statement-breakpoint
CREATE INDEX "matches_reserved_idx" ON "matches" USING btree ("reserved_player_id");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","created_at");