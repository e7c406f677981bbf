CREATE TABLE "seeks" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"pool" text NOT NULL,
	"config" jsonb NOT NULL,
	"turn_seconds" integer,
	"rated" boolean DEFAULT false NOT NULL,
	"games" integer NOT NULL,
	"rating" integer NOT NULL,
	"rating_min" integer,
	"rating_max" integer,
	"while_connected" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"game_id" text,
	"match_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeks_waiting_pool_idx" ON "seeks" USING btree ("pool","created_at","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "seeks_waiting_idx" ON "seeks" USING btree ("created_at","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "seeks_player_idx" ON "seeks" USING btree ("player_id","status");