-- The reconciliation's figures per bank account and Karachi day: the money approved into the account on
-- that day, and the receipts sent into it that day that still wait for review (bank-accounts/
-- reconciliation.ts says which payments these are). Kept as moves, so that a month's report reads at most
-- one row per account and day rather than every payment of the month.
--
-- Every change of a payment that moves it into or out of these figures adds a row of its change; nothing
-- is updated in place, so receipts sent at the same moment into the same account never wait on one
-- another's row, and no two transactions can wait on each other here. The rows of a day are folded into
-- one from time to time (fold_account_day_moves, run every hour); the figures are the sums of the rows,
-- folded or not.
-- Shared by every table of moves (migrations 037-041). A TRUNCATE of the table whose figures are kept
-- empties their moves (TG_ARGV[0]: the table of moves).
CREATE FUNCTION clear_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END;
$$;

-- Each key of `moves` with more than one row becomes one row of their sums (none when they sum to
-- nothing). A move added while this runs is not among the rows it deletes, so it stays and is counted;
-- two folds at once each delete only rows the other has not, and the sums do not change. Returns how
-- many rows were folded.
CREATE FUNCTION fold_moves(moves text, keys text[], sums text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  key_list constant text := (SELECT string_agg(quote_ident(k), ', ') FROM unnest(keys) AS k);
  sum_list constant text := (SELECT string_agg(quote_ident(c), ', ') FROM unnest(sums) AS c);
  summed constant text := (SELECT string_agg(format('sum(%I)', c), ', ') FROM unnest(sums) AS c);
  nonzero constant text := (SELECT string_agg(format('sum(%I) <> 0', c), ' OR ') FROM unnest(sums) AS c);
  folded integer;
BEGIN
  EXECUTE format($sql$
    WITH gone AS (
      DELETE FROM %1$I WHERE (%2$s) IN (SELECT %2$s FROM %1$I GROUP BY %2$s HAVING count(*) > 1) RETURNING *
    ), kept AS (
      INSERT INTO %1$I (%2$s, %3$s) SELECT %2$s, %4$s FROM gone GROUP BY %2$s HAVING %5$s
    )
    SELECT count(*)::int FROM gone
  $sql$, moves, key_list, sum_list, summed, nonzero) INTO folded;
  RETURN folded;
END;
$$;

CREATE TABLE account_day_moves (
  bank_account_id uuid NOT NULL,
  day date NOT NULL,
  approved_count integer NOT NULL,
  approved_amount numeric(16, 2) NOT NULL,
  waiting_count integer NOT NULL,
  waiting_amount numeric(16, 2) NOT NULL
);
CREATE INDEX account_day_moves_idx ON account_day_moves (bank_account_id, day)
  INCLUDE (approved_count, approved_amount, waiting_count, waiting_amount);

-- What one payment row adds to the figures: approved money on the day of its approval, and a receipt
-- waiting on the day it was sent. The same tests as reconciliation.ts's approvedSql and waitingSql, on
-- one row (the invariant in server/test/invariants.ts compares the two).
CREATE FUNCTION account_day_moves_of(p payments, sign integer)
RETURNS TABLE (bank_account_id uuid, day date, approved_count integer, approved_amount numeric, waiting_count integer, waiting_amount numeric)
LANGUAGE sql STABLE AS $$
  SELECT p.bank_account_id, (p.approved_at AT TIME ZONE 'Asia/Karachi')::date, sign, sign * p.amount, 0, 0
  WHERE p.bank_account_id IS NOT NULL AND p.approved_at IS NOT NULL AND p.status = 'PAID' AND p.settled_by_payment_id IS NULL
  UNION ALL
  SELECT p.bank_account_id, (p.submitted_at AT TIME ZONE 'Asia/Karachi')::date, 0, 0, sign, sign * p.amount
  WHERE p.bank_account_id IS NOT NULL AND p.submitted_at IS NOT NULL AND p.receipt_id IS NOT NULL
    AND CASE WHEN p.type = 'SUBSCRIPTION' THEN p.status = 'PENDING' ELSE p.status <> 'PAID' AND p.under_review END
$$;

INSERT INTO account_day_moves
SELECT m.bank_account_id, m.day, sum(m.approved_count), sum(m.approved_amount), sum(m.waiting_count), sum(m.waiting_amount)
FROM payments p, account_day_moves_of(p, 1) m GROUP BY m.bank_account_id, m.day;

-- Rows added or deleted by one statement, summed per account and day (many at once when instalments are
-- created or data is loaded).
CREATE FUNCTION account_day_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    INSERT INTO account_day_moves
    SELECT m.bank_account_id, m.day, sum(m.approved_count), sum(m.approved_amount), sum(m.waiting_count), sum(m.waiting_amount)
    FROM %s p, account_day_moves_of(p, %s) m GROUP BY m.bank_account_id, m.day
  $sql$, CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END, CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER payments_account_day_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_day_moves_apply();
CREATE TRIGGER payments_account_day_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_day_moves_apply();

-- A changed row: what it added before, taken back, and what it adds now.
CREATE FUNCTION account_day_moves_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_day_moves
  SELECT m.bank_account_id, m.day, sum(m.approved_count), sum(m.approved_amount), sum(m.waiting_count), sum(m.waiting_amount)
  FROM (SELECT * FROM account_day_moves_of(OLD, -1) UNION ALL SELECT * FROM account_day_moves_of(NEW, 1)) m
  GROUP BY m.bank_account_id, m.day
  HAVING sum(m.approved_count) <> 0 OR sum(m.approved_amount) <> 0 OR sum(m.waiting_count) <> 0 OR sum(m.waiting_amount) <> 0;
  RETURN NULL;
END;
$$;
-- Only a row that is or was approved or waiting, and only when a column the figures read changed: the
-- overdue job's changes and every other write of an unpaid month are passed over by the condition.
CREATE TRIGGER payments_account_day_update AFTER UPDATE ON payments FOR EACH ROW
  WHEN ((OLD.status = 'PAID' OR OLD.under_review OR (OLD.type = 'SUBSCRIPTION' AND OLD.status = 'PENDING')
         OR NEW.status = 'PAID' OR NEW.under_review OR (NEW.type = 'SUBSCRIPTION' AND NEW.status = 'PENDING'))
    AND (OLD.bank_account_id, OLD.approved_at, OLD.submitted_at, OLD.status, OLD.type, OLD.under_review, OLD.receipt_id, OLD.settled_by_payment_id, OLD.amount)
        IS DISTINCT FROM (NEW.bank_account_id, NEW.approved_at, NEW.submitted_at, NEW.status, NEW.type, NEW.under_review, NEW.receipt_id, NEW.settled_by_payment_id, NEW.amount))
  EXECUTE FUNCTION account_day_moves_follow();

CREATE TRIGGER payments_account_day_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION clear_moves('account_day_moves');

-- Every hour (server/db/kept-moves.ts): each key's rows become one.
CREATE FUNCTION fold_account_day_moves() RETURNS integer LANGUAGE sql AS $$
  SELECT fold_moves('account_day_moves', ARRAY['bank_account_id', 'day'], ARRAY['approved_count', 'approved_amount', 'waiting_count', 'waiting_amount'])
$$;
