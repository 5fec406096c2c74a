-- The referral leaderboard's figures, kept per referrer for all time, each business year and each
-- business month (Asia/Karachi, the accrual month a commission carries): how many commissions, their
-- sum, and from how many different members they came. The leaderboard reads the top of one period from
-- an index instead of summing every commission on each request. Decision 020.
--   all time: year = 0, month = 0;  a year: (year, 0);  a month: (year, month).

CREATE TABLE referrer_totals (
  year smallint NOT NULL,
  month smallint NOT NULL,
  referrer_id uuid NOT NULL REFERENCES users (id),
  n integer NOT NULL,
  amount numeric(16, 2) NOT NULL,
  referred_count integer NOT NULL,
  PRIMARY KEY (year, month, referrer_id)
);
CREATE INDEX referrer_totals_rank_idx ON referrer_totals (year, month, amount DESC);

-- "Has this referrer another commission from this member in the period?", answered from the index.
CREATE INDEX commissions_pair_idx ON commissions (referrer_id, referred_user_id, accrued_year, accrued_month);

-- The three periods a commission counts in.
CREATE FUNCTION referrer_periods(accrued_year smallint, accrued_month smallint)
RETURNS TABLE (year smallint, month smallint) LANGUAGE sql IMMUTABLE AS $$
  VALUES (0::smallint, 0::smallint), (accrued_year, 0::smallint), (accrued_year, accrued_month)
$$;

-- Two transactions adding commissions of one referrer take turns: each first waits for the other's
-- lock, then (a new statement, so a new snapshot under READ COMMITTED) sees what the other committed,
-- so a member is counted once per period however the approvals race.
CREATE FUNCTION referrer_totals_lock(referrers uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('referrer_totals:' || r::text, 0))
  FROM (SELECT DISTINCT unnest(referrers) AS r ORDER BY 1) ids;
END;
$$;

-- Commissions are added far more often than anything else: the added rows are summed as they are.
CREATE FUNCTION referrer_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referrer_totals_lock(array_agg(referrer_id)) FROM new_rows;
  INSERT INTO referrer_totals AS t (year, month, referrer_id, n, amount, referred_count)
  SELECT k.year, k.month, a.referrer_id, count(*), sum(a.amount),
         count(DISTINCT a.referred_user_id) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM commissions c
           WHERE c.referrer_id = a.referrer_id AND c.referred_user_id = a.referred_user_id
             AND (k.year = 0 OR c.accrued_year = k.year) AND (k.month = 0 OR c.accrued_month = k.month)
             AND c.id NOT IN (SELECT id FROM new_rows)))
  FROM new_rows a CROSS JOIN LATERAL referrer_periods(a.accrued_year, a.accrued_month) k
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (year, month, referrer_id) DO UPDATE
    SET n = t.n + EXCLUDED.n, amount = t.amount + EXCLUDED.amount, referred_count = t.referred_count + EXCLUDED.referred_count;
  RETURN NULL;
END;
$$;

-- A commission is never changed in what it counts for, nor removed, by the product; should it be, the
-- periods of the old and the new row are counted again from the commissions.
CREATE FUNCTION referrer_totals_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  PERFORM referrer_totals_lock(ARRAY[OLD.referrer_id] || CASE WHEN TG_OP = 'UPDATE' THEN ARRAY[NEW.referrer_id] ELSE ARRAY[]::uuid[] END);
  FOR changed IN
    SELECT DISTINCT x.referrer_id, k.year, k.month
    FROM (SELECT OLD.referrer_id, OLD.accrued_year, OLD.accrued_month
          UNION ALL SELECT NEW.referrer_id, NEW.accrued_year, NEW.accrued_month WHERE TG_OP = 'UPDATE') x (referrer_id, accrued_year, accrued_month)
    CROSS JOIN LATERAL referrer_periods(x.accrued_year, x.accrued_month) k
    ORDER BY 2, 3, 1
  LOOP
    INSERT INTO referrer_totals AS t (year, month, referrer_id, n, amount, referred_count)
    SELECT changed.year, changed.month, changed.referrer_id, count(*), coalesce(sum(c.amount), 0), count(DISTINCT c.referred_user_id)
    FROM commissions c
    WHERE c.referrer_id = changed.referrer_id
      AND (changed.year = 0 OR c.accrued_year = changed.year) AND (changed.month = 0 OR c.accrued_month = changed.month)
    ON CONFLICT (year, month, referrer_id) DO UPDATE SET n = EXCLUDED.n, amount = EXCLUDED.amount, referred_count = EXCLUDED.referred_count;
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER commissions_referrer_totals_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrer_totals_add();
-- Paying a batch changes only the status: the trigger does not even run.
CREATE TRIGGER commissions_referrer_totals_change AFTER UPDATE OF amount, referrer_id, referred_user_id, accrued_year, accrued_month ON commissions
  FOR EACH ROW WHEN ((OLD.amount, OLD.referrer_id, OLD.referred_user_id, OLD.accrued_year, OLD.accrued_month)
                     IS DISTINCT FROM (NEW.amount, NEW.referrer_id, NEW.referred_user_id, NEW.accrued_year, NEW.accrued_month))
  EXECUTE FUNCTION referrer_totals_recount();
CREATE TRIGGER commissions_referrer_totals_delete AFTER DELETE ON commissions
  FOR EACH ROW EXECUTE FUNCTION referrer_totals_recount();
CREATE FUNCTION referrer_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM referrer_totals;
  RETURN NULL;
END;
$$;
CREATE TRIGGER commissions_referrer_totals_truncate AFTER TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION referrer_totals_clear();

-- What is there already.
INSERT INTO referrer_totals (year, month, referrer_id, n, amount, referred_count)
SELECT k.year, k.month, c.referrer_id, count(*), sum(c.amount), count(DISTINCT c.referred_user_id)
FROM commissions c CROSS JOIN LATERAL referrer_periods(c.accrued_year, c.accrued_month) k
GROUP BY 1, 2, 3;
