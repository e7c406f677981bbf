CREATE TABLE "match_events" (
	"match_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_events_pkey" PRIMARY KEY("match_id","seq")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"games" integer NOT NULL,
	"turn_seconds" integer,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"creator_player_id" text NOT NULL,
	"opponent_player_id" text,
	"reserved_player_id" text,
	"match_seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "turn_seconds" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rematch_of" text;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_creator_player_id_players_id_fk" FOREIGN KEY ("creator_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_opponent_player_id_players_id_fk" FOREIGN KEY ("opponent_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_rematch_of_games_id_fk" FOREIGN KEY ("rematch_of") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_match_number_key" ON "games" USING btree ("match_id","number");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_rematch_of_key" UNIQUE("rematch_of");