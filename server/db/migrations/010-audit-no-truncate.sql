-- TRUNCATE fires no row triggers, so 004's guard let it empty the audit trail in one statement.
-- A statement trigger refuses it as well: the trail stays append-only against every statement.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
