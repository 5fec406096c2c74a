-- A changed email is verified before it replaces the old one (the new address rides on the token),
-- and the audit trail is append-only in the database itself (RULES §11).

ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check;
ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD', 'CHANGE_EMAIL'));
ALTER TABLE user_tokens ADD COLUMN new_email text;

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

CREATE INDEX users_name_idx ON users (lower(name));
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
