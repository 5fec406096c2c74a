-- Every server keeps the sessions it has read for a short while (server/accounts/session-cache.ts).
-- Whatever changes what a session answers announces the user on the channel session_changes, so that
-- each server forgets that user's sessions: a deleted session (logout, password change or reset,
-- block, deactivation), a session whose token, owner or expiry changes, and a user whose role, name,
-- email, activity or block changes, or who is deleted. NOTIFY is sent when the transaction commits,
-- and only if it commits. TRUNCATE fires no row trigger: it announces '*' (forget every session).
-- Decision 017.

CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
    -- A session moved to another user (never done, but then both users are concerned).
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('session_changes', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_notify_update AFTER UPDATE OF user_id, token_hash, expires_at ON sessions
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();

CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
-- Saving a form with the same values (the admin's edit sets every field) announces nothing.
CREATE TRIGGER users_notify_update AFTER UPDATE OF role, name, email, is_active, is_blocked ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked)
  EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
