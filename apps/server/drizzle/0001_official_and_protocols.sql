CREATE TABLE "official_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"competition" text,
	"season" integer,
	"round" integer,
	"rulebook" text NOT NULL,
	"starts_at" timestamp with time zone,
	"home_team_id" uuid NOT NULL,
	"away_team_id" uuid NOT NULL,
	"venue" text,
	"referee" text,
	"tv" text,
	"lineups" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "official_matches_externalId_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "official_results" (
	"official_match_id" uuid PRIMARY KEY NOT NULL,
	"home_score" integer NOT NULL,
	"away_score" integer NOT NULL,
	"heats" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "riders_teamId_name_unique" UNIQUE("team_id","name")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"short" text,
	"arena" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"user_id" uuid NOT NULL,
	"official_match_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_official_match_id_pk" PRIMARY KEY("user_id","official_match_id")
);
--> statement-breakpoint
CREATE TABLE "match_heats" (
	"match_id" uuid NOT NULL,
	"heat_number" integer NOT NULL,
	"heat" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_heats_match_id_heat_number_pk" PRIMARY KEY("match_id","heat_number")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"official_match_id" uuid,
	"rulebook" text NOT NULL,
	"tactical" jsonb NOT NULL,
	"home_team_id" uuid,
	"away_team_id" uuid,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"home_short" text,
	"away_short" text,
	"starts_at" timestamp with time zone,
	"venue" text,
	"competition" text,
	"round" integer,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"lineups" jsonb NOT NULL,
	"home_score" integer DEFAULT 0 NOT NULL,
	"away_score" integer DEFAULT 0 NOT NULL,
	"completed_heats" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "official_matches" ADD CONSTRAINT "official_matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_matches" ADD CONSTRAINT "official_matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_results" ADD CONSTRAINT "official_results_official_match_id_official_matches_id_fk" FOREIGN KEY ("official_match_id") REFERENCES "public"."official_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riders" ADD CONSTRAINT "riders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_official_match_id_official_matches_id_fk" FOREIGN KEY ("official_match_id") REFERENCES "public"."official_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_heats" ADD CONSTRAINT "match_heats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_official_match_id_official_matches_id_fk" FOREIGN KEY ("official_match_id") REFERENCES "public"."official_matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "official_matches_starts_at_index" ON "official_matches" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "official_matches_home_team_id_index" ON "official_matches" USING btree ("home_team_id");--> statement-breakpoint
CREATE INDEX "official_matches_away_team_id_index" ON "official_matches" USING btree ("away_team_id");--> statement-breakpoint
CREATE INDEX "follows_official_match_id_index" ON "follows" USING btree ("official_match_id");--> statement-breakpoint
CREATE INDEX "matches_created_by_created_at_index" ON "matches" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "matches_official_match_id_index" ON "matches" USING btree ("official_match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_one_open_per_official" ON "matches" USING btree ("created_by","official_match_id") WHERE status <> 'confirmed' AND official_match_id IS NOT NULL;