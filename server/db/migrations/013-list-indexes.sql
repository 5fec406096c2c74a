-- Lists read a page in an order an index serves, so that no page sorts a whole table (db/paging.ts).
-- Each index ends with id: the lists break ties by id, and the index must give the same order.

-- Payments, newest activity first (the admin's payment lists and a member's history).
CREATE INDEX payments_recent_idx ON payments ((coalesce(submitted_at, created_at)) DESC, id);
CREATE INDEX payments_type_recent_idx ON payments (type, (coalesce(submitted_at, created_at)) DESC, id);
-- The pending queue: receipts under review, oldest first.
DROP INDEX payments_under_review_idx;
CREATE INDEX payments_under_review_idx ON payments (submitted_at, id) WHERE under_review;
-- Plan requests (subscriptions), newest first, with or without a status.
CREATE INDEX payments_subscriptions_idx ON payments (created_at DESC, id) WHERE type = 'SUBSCRIPTION';
CREATE INDEX payments_subscriptions_status_idx ON payments (status, created_at DESC, id) WHERE type = 'SUBSCRIPTION';

-- Users, newest first.
DROP INDEX users_created_at_idx;
CREATE INDEX users_created_at_idx ON users (created_at DESC, id);

-- The audit trail, newest first.
DROP INDEX audit_log_created_idx;
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id);

-- A member's notifications, newest first.
DROP INDEX notifications_user_idx;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id);

-- The users page's four counters, kept in the same transaction as every change of a user, so that no
-- page counts the users table. A user is blocked, active (and not blocked) or inactive (and not blocked).
CREATE TABLE user_counts (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  total integer NOT NULL,
  active integer NOT NULL,
  inactive integer NOT NULL,
  blocked integer NOT NULL
);
INSERT INTO user_counts (total, active, inactive, blocked)
SELECT count(*), count(*) FILTER (WHERE is_active AND NOT is_blocked), count(*) FILTER (WHERE NOT is_active AND NOT is_blocked), count(*) FILTER (WHERE is_blocked)
FROM users;

CREATE FUNCTION user_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_total integer := 0;
  d_active integer := 0;
  d_inactive integer := 0;
  d_blocked integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_total := d_total - 1;
    IF OLD.is_blocked THEN d_blocked := d_blocked - 1; ELSIF OLD.is_active THEN d_active := d_active - 1; ELSE d_inactive := d_inactive - 1; END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    d_total := d_total + 1;
    IF NEW.is_blocked THEN d_blocked := d_blocked + 1; ELSIF NEW.is_active THEN d_active := d_active + 1; ELSE d_inactive := d_inactive + 1; END IF;
  END IF;
  IF d_total <> 0 OR d_active <> 0 OR d_inactive <> 0 OR d_blocked <> 0 THEN
    UPDATE user_counts SET total = total + d_total, active = active + d_active, inactive = inactive + d_inactive, blocked = blocked + d_blocked;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_counted AFTER INSERT OR DELETE OR UPDATE OF is_active, is_blocked ON users
FOR EACH ROW EXECUTE FUNCTION user_counts_follow();

-- Commission history, newest first.
CREATE INDEX commissions_accrued_idx ON commissions (accrued_at DESC, id);
