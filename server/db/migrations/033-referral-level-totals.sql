-- The referral report's summary line for every referral, or every referral of one level: how many
-- referrals, and their commissions' sum, pending and paid. Kept per level in the same transaction as the
-- referrals and commissions that make them, so that the report's first page (and each level's) does not
-- read every referral. A commission's level is its referral's (an invariant checks it), so each table
-- feeds its own columns. Every statement applies its changes in level order: no two statements can wait
-- on each other's rows in opposite orders.

CREATE TABLE referral_level_totals (
  level smallint PRIMARY KEY CHECK (level BETWEEN 1 AND 3),
  referrals integer NOT NULL,
  amount numeric(16, 2) NOT NULL,
  pending numeric(16, 2) NOT NULL,
  paid numeric(16, 2) NOT NULL
);

INSERT INTO referral_level_totals (level, referrals, amount, pending, paid)
SELECT l.level, (SELECT count(*) FROM referrals r WHERE r.level = l.level),
  coalesce((SELECT sum(amount) FROM commissions c WHERE c.level = l.level), 0),
  coalesce((SELECT sum(amount) FROM commissions c WHERE c.level = l.level AND c.status = 'PENDING'), 0),
  coalesce((SELECT sum(amount) FROM commissions c WHERE c.level = l.level AND c.status = 'PAID'), 0)
FROM generate_series(1, 3) AS l (level);

-- Referrals: one statement's rows, counted per level.
CREATE FUNCTION referral_level_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT level, 1 AS n FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT level, -1 AS n FROM old_rows'
    ELSE 'SELECT level, -1 AS n FROM old_rows UNION ALL SELECT level, 1 AS n FROM new_rows'
  END;
  -- Every level has its row (above): the insert only ever updates, in level order.
  EXECUTE format($sql$
    INSERT INTO referral_level_totals AS t (level, referrals, amount, pending, paid)
    SELECT level, sum(n), 0, 0, 0 FROM (%s) change GROUP BY level HAVING sum(n) <> 0 ORDER BY level
    ON CONFLICT (level) DO UPDATE SET referrals = t.referrals + EXCLUDED.referrals
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER referrals_level_totals_insert AFTER INSERT ON referrals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_level_counts_apply();
CREATE TRIGGER referrals_level_totals_update AFTER UPDATE ON referrals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_level_counts_apply();
CREATE TRIGGER referrals_level_totals_delete AFTER DELETE ON referrals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referral_level_counts_apply();

CREATE FUNCTION referral_level_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_level_totals SET referrals = 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER referrals_level_totals_truncate AFTER TRUNCATE ON referrals FOR EACH STATEMENT EXECUTE FUNCTION referral_level_counts_clear();

-- Commissions: one statement's rows, summed per level (as referral_totals_apply does per referral).
CREATE FUNCTION commission_level_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_of constant text := 'SELECT level, %s amount AS amount, CASE WHEN status = ''PENDING'' THEN %s amount ELSE 0 END AS pending, '
    'CASE WHEN status = ''PAID'' THEN %s amount ELSE 0 END AS paid FROM %I';
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN format(rows_of, '', '', '', 'new_rows')
    WHEN 'DELETE' THEN format(rows_of, '-', '-', '-', 'old_rows')
    ELSE format(rows_of, '-', '-', '-', 'old_rows') || ' UNION ALL ' || format(rows_of, '', '', '', 'new_rows')
  END;
  EXECUTE format($sql$
    INSERT INTO referral_level_totals AS t (level, referrals, amount, pending, paid)
    SELECT level, 0, sum(amount), sum(pending), sum(paid) FROM (%s) change
    GROUP BY level HAVING sum(amount) <> 0 OR sum(pending) <> 0 OR sum(paid) <> 0 ORDER BY level
    ON CONFLICT (level) DO UPDATE SET amount = t.amount + EXCLUDED.amount, pending = t.pending + EXCLUDED.pending, paid = t.paid + EXCLUDED.paid
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER commissions_level_totals_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_level_totals_apply();
CREATE TRIGGER commissions_level_totals_update AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_level_totals_apply();
CREATE TRIGGER commissions_level_totals_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION commission_level_totals_apply();

CREATE FUNCTION commission_level_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_level_totals SET amount = 0, pending = 0, paid = 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER commissions_level_totals_truncate AFTER TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION commission_level_totals_clear();
