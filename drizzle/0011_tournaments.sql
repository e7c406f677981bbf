CREATE TABLE "tournament_events" (
	"tournament_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_events_pkey" PRIMARY KEY("tournament_id","seq")
);
--> statement-breakpoint
CREATE TABLE "tournament_pairings" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"round" integer NOT NULL,
	"first_player_id" text NOT NULL,
	"second_player_id" text,
	"game_id" text,
	"match_id" text,
	"first_points" integer,
	"second_points" integer,
	"winner" text,
	"passed_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "tournament_players" (
	"tournament_id" text NOT NULL,
	"player_id" text NOT NULL,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_players_pkey" PRIMARY KEY("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_seats" (
	"pairing_id" text NOT NULL,
	"player_id" text NOT NULL,
	"tournament_id" text NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tournament_seats_pkey" PRIMARY KEY("pairing_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"system" text NOT NULL,
	"status" text NOT NULL,
	"config" jsonb NOT NULL,
	"turn_seconds" integer NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"bots" text NOT NULL,
	"max_players" integer NOT NULL,
	"minutes" integer,
	"rounds" integer,
	"games_per_round" integer,
	"round" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"ended_early" text,
	"standings" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "tournament_events" ADD CONSTRAINT "tournament_events_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_first_player_id_players_id_fk" FOREIGN KEY ("first_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_second_player_id_players_id_fk" FOREIGN KEY ("second_player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_seats" ADD CONSTRAINT "tournament_seats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_players_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_pairings_tournament_idx" ON "tournament_pairings" USING btree ("tournament_id","round");--> statement-breakpoint
CREATE INDEX "tournament_pairings_playing_idx" ON "tournament_pairings" USING btree ("tournament_id") WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_pairings_game_key" ON "tournament_pairings" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_pairings_match_key" ON "tournament_pairings" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "tournament_players_player_idx" ON "tournament_players" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_seats_playing_key" ON "tournament_seats" USING btree ("player_id") WHERE not ended;--> statement-breakpoint
CREATE INDEX "tournaments_status_idx" ON "tournaments" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "tournaments_creator_idx" ON "tournaments" USING btree ("created_by","status");