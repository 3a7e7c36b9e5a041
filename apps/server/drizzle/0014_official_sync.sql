CREATE TABLE "official_source_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"content_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"origin" text NOT NULL,
	"seasons" integer[] NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"counts" jsonb NOT NULL,
	"refusals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_team_names" (
	"source_name" text PRIMARY KEY NOT NULL,
	"abbreviation" text,
	"team_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "official_matches" ADD COLUMN "attendance" integer;--> statement-breakpoint
ALTER TABLE "official_team_names" ADD CONSTRAINT "official_team_names_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "official_sync_runs_one_running" ON "official_sync_runs" USING btree ("status") WHERE status = 'running';