CREATE TABLE "rating_history" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" text NOT NULL,
	"variant" text NOT NULL,
	"game_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"volatility" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"player_id" text NOT NULL,
	"variant" text NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_pkey" PRIMARY KEY("player_id","variant")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rating_changes" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rating_history_game_player_key" ON "rating_history" USING btree ("game_id","player_id");--> statement-breakpoint
CREATE INDEX "rating_history_player_idx" ON "rating_history" USING btree ("player_id","variant","seq");--> statement-breakpoint
CREATE INDEX "ratings_leaderboard_idx" ON "ratings" USING btree ("variant","rating" DESC NULLS FIRST,"player_id");--> statement-breakpoint
CREATE INDEX "games_finished_rated_idx" ON "games" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."status" = 'finished' and "games"."rated";--> statement-breakpoint
CREATE INDEX "games_finished_forehand_idx" ON "games" USING btree ("forehand_player_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."status" = 'finished';--> statement-breakpoint
CREATE INDEX "games_finished_dealer_idx" ON "games" USING btree ("dealer_player_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."status" = 'finished';