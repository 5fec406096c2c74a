-- The winners' statistics (how many winners, paid, pending and cancelled, and their prizes, in total, per
-- month and per plan), kept per plan, month and status as moves, as the reconciliation's are (migration
-- 037): every statement that changes winners adds a row of its change, nothing is updated in place, and
-- the rows of a key are folded into one every hour (fold_winner_month_moves). The statistics sum a row
-- per plan, month and status, not a row per winner.
CREATE TABLE winner_month_moves (
  plan_id uuid NOT NULL,
  year smallint NOT NULL,
  month smallint NOT NULL,
  status text NOT NULL,
  winners integer NOT NULL,
  amount numeric(16, 2) NOT NULL
);
CREATE INDEX winner_month_moves_idx ON winner_month_moves (plan_id, year, month, status) INCLUDE (winners, amount);

INSERT INTO winner_month_moves SELECT plan_id, year, month, status, count(*), sum(amount) FROM winners GROUP BY plan_id, year, month, status;

CREATE FUNCTION winner_month_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT plan_id, year, month, status, 1, amount FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT plan_id, year, month, status, -1, -amount FROM old_rows'
    ELSE 'SELECT plan_id, year, month, status, -1, -amount FROM old_rows UNION ALL SELECT plan_id, year, month, status, 1, amount FROM new_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO winner_month_moves
    SELECT plan_id, year, month, status, sum(n), sum(amount) FROM (%s) change (plan_id, year, month, status, n, amount)
    GROUP BY plan_id, year, month, status HAVING sum(n) <> 0 OR sum(amount) <> 0
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER winners_month_moves_insert AFTER INSERT ON winners REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION winner_month_moves_apply();
CREATE TRIGGER winners_month_moves_update AFTER UPDATE ON winners REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION winner_month_moves_apply();
CREATE TRIGGER winners_month_moves_delete AFTER DELETE ON winners REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION winner_month_moves_apply();

CREATE TRIGGER winners_month_moves_truncate AFTER TRUNCATE ON winners FOR EACH STATEMENT EXECUTE FUNCTION clear_moves('winner_month_moves');

-- Every hour (server/db/kept-moves.ts): each key's rows become one.
CREATE FUNCTION fold_winner_month_moves() RETURNS integer LANGUAGE sql AS $$
  SELECT fold_moves('winner_month_moves', ARRAY['plan_id', 'year', 'month', 'status'], ARRAY['winners', 'amount'])
$$;
