-- How many members' oldest unpaid instalment without a receipt waiting (migration 022) falls on each due
-- date: a member is overdue when that date is before the grace cut-off (RULES §6a, figures.ts
-- overdueMembersSql), so the overview counts overdue members by summing the dates before the cut-off, a
-- row per due date, not a row per member. Kept as moves, as the reconciliation's are (migration 037):
-- many members sending their oldest month's receipt at once never wait on one another's row; the rows of
-- a date are folded into one every hour (fold_oldest_unpaid_due_moves).
CREATE TABLE oldest_unpaid_due_moves (
  due_date date NOT NULL,
  members integer NOT NULL
);
CREATE INDEX oldest_unpaid_due_moves_idx ON oldest_unpaid_due_moves (due_date) INCLUDE (members);

INSERT INTO oldest_unpaid_due_moves SELECT due_date, count(*) FROM member_oldest_unpaid GROUP BY due_date;

CREATE FUNCTION oldest_unpaid_due_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT due_date, 1 FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT due_date, -1 FROM old_rows'
    ELSE 'SELECT due_date, -1 FROM old_rows UNION ALL SELECT due_date, 1 FROM new_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO oldest_unpaid_due_moves
    SELECT due_date, sum(n) FROM (%s) change (due_date, n) GROUP BY due_date HAVING sum(n) <> 0
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER member_oldest_unpaid_moves_insert AFTER INSERT ON member_oldest_unpaid REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION oldest_unpaid_due_moves_apply();
CREATE TRIGGER member_oldest_unpaid_moves_update AFTER UPDATE ON member_oldest_unpaid REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION oldest_unpaid_due_moves_apply();
CREATE TRIGGER member_oldest_unpaid_moves_delete AFTER DELETE ON member_oldest_unpaid REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION oldest_unpaid_due_moves_apply();

CREATE TRIGGER member_oldest_unpaid_moves_truncate AFTER TRUNCATE ON member_oldest_unpaid FOR EACH STATEMENT EXECUTE FUNCTION clear_moves('oldest_unpaid_due_moves');

-- Every hour (server/db/kept-moves.ts): each key's rows become one.
CREATE FUNCTION fold_oldest_unpaid_due_moves() RETURNS integer LANGUAGE sql AS $$
  SELECT fold_moves('oldest_unpaid_due_moves', ARRAY['due_date'], ARRAY['members'])
$$;
