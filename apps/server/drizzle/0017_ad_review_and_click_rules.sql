ALTER TABLE "ad_clicks" ADD COLUMN "impression_id" text;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "time_slot" integer;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_impression_id_ad_impressions_token_id_fk" FOREIGN KEY ("impression_id") REFERENCES "public"."ad_impressions"("token_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_impressions_user_id_ad_id_index" ON "ad_impressions" USING btree ("user_id","ad_id");--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_impressionId_unique" UNIQUE("impression_id");--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_one_per_slot" UNIQUE("user_id","ad_id","placement","time_slot");