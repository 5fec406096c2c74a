-- Each referral's commissions, kept as they accrue and are paid: how many, their sum, and how much of it
-- is pending and paid. The referral reports read a page of referrals and the summary of every referral
-- that matches from these rows, one per referral, instead of summing all commissions on each request.

CREATE TABLE referral_totals (
  referral_id uuid PRIMARY KEY REFERENCES referrals (id),
  n integer NOT NULL,
  amount numeric(16, 2) NOT NULL,
  pending numeric(16, 2) NOT NULL,
  paid numeric(16, 2) NOT NULL
);

-- One statement's changes, netted per referral and applied in key order (as migration 015 does).
CREATE FUNCTION referral_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_of constant text := 'SELECT referral_id, %s AS n, %s amount AS amount, CASE WHEN status = ''PENDING'' THEN %s amount ELSE 0 END AS pending, '
    'CASE WHEN status = ''PAID'' THEN %s amount ELSE 0 END AS paid FROM %I';
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN format(rows_of, '1', '', '', '', 'new_rows')
    WHEN 'DELETE' THEN format(rows_of, '-1', '-', '-', '-', 'old_rows')
    ELSE format(rows_of, '-1', '-', '-', '-', 'old_rows') || ' UNION ALL ' || format(rows_of, '1', '', '', '', 'new_rows')
  END;
  EXECUTE format($sql$
    INSERT INTO referral_totals AS t (referral_id, n, amount, pending, paid)
    SELECT referral_id, sum(n), sum(amount), sum(pending), sum(paid) FROM (%s) change
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(pending) <> 0 OR sum(paid) <> 0 ORDER BY 1
    ON CONFLICT (referral_id) DO UPDATE
      SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount, pending = t.pending + EXCLUDED.pending, paid = t.paid + EXCLUDED.paid
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER commissions_referral_totals_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_apply();
CREATE TRIGGER commissions_referral_totals_update AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_apply();
CREATE TRIGGER commissions_referral_totals_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_apply();

CREATE FUNCTION referral_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM referral_totals;
  RETURN NULL;
END;
$$;
CREATE TRIGGER commissions_referral_totals_truncate AFTER TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_clear();

-- The reports' order: newest referral first, ties by id.
CREATE INDEX referrals_recent_idx ON referrals (created_at DESC, id);

-- What is there already.
INSERT INTO referral_totals (referral_id, n, amount, pending, paid)
SELECT referral_id, count(*), sum(amount), coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0), coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)
FROM commissions GROUP BY referral_id;
