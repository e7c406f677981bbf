CREATE TABLE "create_answers" (
	"caller" text NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"body" text,
	"location" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "create_answers_pkey" PRIMARY KEY("caller","operation","key")
);
--> statement-breakpoint
CREATE INDEX "create_answers_created_idx" ON "create_answers" USING btree ("created_at");