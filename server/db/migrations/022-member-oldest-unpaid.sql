-- Each member's oldest unpaid instalment that no receipt waits for: a member has an overdue month exactly
-- when its due date is past the grace day (RULES §6a, figures.ts isOverdueSql). The admin overview counts
-- overdue members from these rows, one per member who owes anything, instead of going through every
-- overdue instalment on each request. Kept in the same transaction as every change of a payment.

CREATE TABLE member_oldest_unpaid (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  due_date date NOT NULL
);
CREATE INDEX member_oldest_unpaid_due_idx ON member_oldest_unpaid (due_date);

CREATE FUNCTION member_oldest_unpaid_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users_of constant text := 'SELECT user_id FROM %I WHERE type = ''INSTALMENT''';
  touched uuid[];
BEGIN
  EXECUTE 'SELECT array_agg(DISTINCT user_id ORDER BY user_id) FROM (' || CASE TG_OP
    WHEN 'INSERT' THEN format(users_of, 'new_rows')
    WHEN 'DELETE' THEN format(users_of, 'old_rows')
    ELSE format(users_of, 'old_rows') || ' UNION ALL ' || format(users_of, 'new_rows')
  END || ') t' INTO touched;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- Two transactions changing one member's instalments take turns: the second waits here, then reads
  -- (a new statement, so a new snapshot under READ COMMITTED) what the first committed.
  PERFORM pg_advisory_xact_lock(hashtextextended('member_oldest_unpaid:' || u::text, 0)) FROM unnest(touched) AS u;
  WITH oldest AS (
    SELECT u AS user_id, (SELECT min(p.due_date) FROM payments p
                          WHERE p.user_id = u AND p.type = 'INSTALMENT' AND p.status <> 'PAID' AND NOT p.under_review) AS due_date
    FROM unnest(touched) AS u),
  gone AS (DELETE FROM member_oldest_unpaid m USING oldest o WHERE m.user_id = o.user_id AND o.due_date IS NULL)
  INSERT INTO member_oldest_unpaid AS m (user_id, due_date)
  SELECT user_id, due_date FROM oldest WHERE due_date IS NOT NULL ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET due_date = EXCLUDED.due_date WHERE m.due_date IS DISTINCT FROM EXCLUDED.due_date;
  RETURN NULL;
END;
$$;

CREATE TRIGGER payments_member_oldest_unpaid_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_oldest_unpaid_apply();
CREATE TRIGGER payments_member_oldest_unpaid_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_oldest_unpaid_apply();
CREATE TRIGGER payments_member_oldest_unpaid_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_oldest_unpaid_apply();

CREATE FUNCTION member_oldest_unpaid_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_oldest_unpaid;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payments_member_oldest_unpaid_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION member_oldest_unpaid_clear();

-- What is there already.
INSERT INTO member_oldest_unpaid (user_id, due_date)
SELECT user_id, min(due_date) FROM payments
WHERE type = 'INSTALMENT' AND status <> 'PAID' AND NOT under_review AND due_date IS NOT NULL GROUP BY user_id;
