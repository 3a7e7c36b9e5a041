CREATE TABLE "user_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"heats" jsonb NOT NULL,
	"home_score" integer NOT NULL,
	"away_score" integer NOT NULL,
	"discrepancies" jsonb NOT NULL,
	"heat_discrepancies" jsonb NOT NULL,
	"resolution" text,
	"resolved_official" jsonb,
	"resolved_at" timestamp with time zone,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_matches" ADD CONSTRAINT "user_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_matches" ADD CONSTRAINT "user_matches_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_matches_one_per_protocol" ON "user_matches" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "user_matches_match_id_index" ON "user_matches" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "user_matches_user_id_completed_at_index" ON "user_matches" USING btree ("user_id","completed_at");