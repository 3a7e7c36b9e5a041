CREATE TABLE "tutorial_progress" (
	"user_id" uuid NOT NULL,
	"guide" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_progress_user_id_guide_pk" PRIMARY KEY("user_id","guide")
);
--> statement-breakpoint
ALTER TABLE "tutorial_progress" ADD CONSTRAINT "tutorial_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;