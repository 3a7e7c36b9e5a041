CREATE TABLE "live_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "live_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "live_links" ADD CONSTRAINT "live_links_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_links_match_id_index" ON "live_links" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_links_one_active_per_match" ON "live_links" USING btree ("match_id") WHERE revoked_at IS NULL;--> statement-breakpoint
-- Live links (ADR 012): every change of a protocol with a link in use is told to every instance
-- on channel live_protocol as '<protocol id>:<revision>'; a revoked link or a deleted protocol as
-- '<protocol id>:' (each instance checks its viewers' links again). From triggers, so that no
-- write path can forget it, and NOTIFY is delivered only once the change has committed. A
-- protocol nobody shares costs one index probe, and no NOTIFY (whose commit takes a global lock).
CREATE FUNCTION notify_live_protocol() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'live_links' THEN
    PERFORM pg_notify('live_protocol', NEW.match_id::text || ':');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM live_links WHERE match_id = OLD.id AND revoked_at IS NULL) THEN
      PERFORM pg_notify('live_protocol', OLD.id::text || ':');
    END IF;
    RETURN OLD;
  END IF;
  IF EXISTS (SELECT 1 FROM live_links WHERE match_id = NEW.id AND revoked_at IS NULL) THEN
    PERFORM pg_notify('live_protocol', NEW.id::text || ':' || NEW.revision::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matches_live_changed
  AFTER UPDATE OF revision ON matches
  FOR EACH ROW WHEN (NEW.revision IS DISTINCT FROM OLD.revision)
  EXECUTE FUNCTION notify_live_protocol();
--> statement-breakpoint
-- BEFORE: the links are still there (the cascade removes them after the row).
CREATE TRIGGER matches_live_deleted
  BEFORE DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION notify_live_protocol();
--> statement-breakpoint
CREATE TRIGGER live_links_revoked
  AFTER UPDATE OF revoked_at ON live_links
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION notify_live_protocol();
