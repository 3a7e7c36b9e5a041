ALTER TABLE "users" ADD COLUMN "relations_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a user has (protocols from official matches, saved protocols, follows) changes only through
-- these tables; a trigger raises the owner's relations_version in the same transaction, so no
-- code path can forget it and every instance's cache sees the change with its next request.
CREATE FUNCTION bump_relations_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_TABLE_NAME = 'matches' THEN
    owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.created_by ELSE NEW.created_by END;
  ELSE
    owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  END IF;
  UPDATE users SET relations_version = relations_version + 1 WHERE id = owner;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matches_relations_version
  AFTER INSERT OR DELETE OR UPDATE OF official_match_id, created_by ON matches
  FOR EACH ROW EXECUTE FUNCTION bump_relations_version();
--> statement-breakpoint
CREATE TRIGGER user_matches_relations_version
  AFTER INSERT OR DELETE OR UPDATE OF match_id, user_id, completed_at ON user_matches
  FOR EACH ROW EXECUTE FUNCTION bump_relations_version();
--> statement-breakpoint
CREATE TRIGGER follows_relations_version
  AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION bump_relations_version();
