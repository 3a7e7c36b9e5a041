CREATE TABLE "rider_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_identity_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" uuid NOT NULL,
	"season" integer,
	"identity_id" uuid NOT NULL,
	"normalized_name" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rider_identity_entries" ADD CONSTRAINT "rider_identity_entries_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_identity_entries" ADD CONSTRAINT "rider_identity_entries_identity_id_rider_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."rider_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_identities_normalized_name_index" ON "rider_identities" USING btree ("normalized_name");--> statement-breakpoint
CREATE UNIQUE INDEX "rider_identity_entries_rider_season" ON "rider_identity_entries" USING btree ("rider_id","season") WHERE season IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "rider_identity_entries_rider_no_season" ON "rider_identity_entries" USING btree ("rider_id") WHERE season IS NULL;--> statement-breakpoint
CREATE INDEX "rider_identity_entries_rider_id_index" ON "rider_identity_entries" USING btree ("rider_id");--> statement-breakpoint
CREATE INDEX "rider_identity_entries_identity_id_index" ON "rider_identity_entries" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "rider_identity_entries_normalized_name_index" ON "rider_identity_entries" USING btree ("normalized_name");--> statement-breakpoint
CREATE INDEX "rider_identity_entries_season_index" ON "rider_identity_entries" USING btree ("season");