CREATE TABLE "ad_clicks" (
	"token_id" text PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_impressions" (
	"token_id" text PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"click_url" text NOT NULL,
	"placement" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"package" text DEFAULT 'bronze' NOT NULL,
	"club_slug" text,
	"status" text DEFAULT 'active' NOT NULL,
	"moderation_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_period" CHECK ("ads"."end_date" >= "ads"."start_date")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"message" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"active" boolean NOT NULL,
	"dismissible" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_singleton" CHECK ("announcements"."singleton")
);
--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_clicks_ad_id_index" ON "ad_clicks" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_impressions_ad_id_index" ON "ad_impressions" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ads_club_slug_index" ON "ads" USING btree ("club_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_one_row" ON "announcements" USING btree ("singleton");