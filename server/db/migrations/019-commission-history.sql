-- The commission history, newest first, a page at a time: everyone's for the admin, one referrer's for
-- a member, in an order an index serves (ties by id, as the list breaks them). Its totals without a
-- filter come from referrer_totals (migration 017).
CREATE INDEX commissions_recent_idx ON commissions (accrued_at DESC, id);
CREATE INDEX commissions_referrer_recent_idx ON commissions (referrer_id, accrued_at DESC, id);
DROP INDEX commissions_referrer_idx;
