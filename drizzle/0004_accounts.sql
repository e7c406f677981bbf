CREATE TABLE "access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"player_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_username_key" UNIQUE("username_key")
);
--> statement-breakpoint
CREATE TABLE "bot_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "legacy_tokens_revoked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "demoted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_presence" ADD CONSTRAINT "bot_presence_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_player_idx" ON "access_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "access_tokens_revoked_idx" ON "access_tokens" USING btree ("revoked_at");--> statement-breakpoint
CREATE INDEX "bot_presence_lease_idx" ON "bot_presence" USING btree ("lease_until");