-- The winners list (GET /api/winners) is read a page at a time, newest period first, ties broken by id
-- (db/paging.ts): each index gives that order, so that no page sorts the whole table.

-- Every winner, or one year or one month of a year.
CREATE INDEX winners_list_idx ON winners (year DESC, month DESC, selected_at DESC, id);
-- One committee's winners. It also serves what the index it replaces served: a committee's winners of a
-- year (the statistics).
CREATE INDEX winners_plan_list_idx ON winners (plan_id, year DESC, month DESC, selected_at DESC, id);
DROP INDEX winners_plan_period_idx;
-- One status (the pending prizes, the cancelled selections).
CREATE INDEX winners_status_list_idx ON winners (status, year DESC, month DESC, selected_at DESC, id);
