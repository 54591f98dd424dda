-- hand-written:
-- Every sign-in session that goes — signed out, revoked by a password change or reset, expired and
-- cleaned up, or deleted with its account (the cascade fires row triggers too) — is announced on
-- the realtime channel, so every API process ends the event streams opened with it at once.
CREATE OR REPLACE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('photomuse_events', json_build_object('topic', 'auth-session:' || OLD.id, 'type', 'session.ended', 'id', OLD.id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_ended" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "announce_session_ended"();
