-- Kept figures that saved little go (docs/kept-figures.md, "What each saves"): measured on 10,000
-- members, the read from the rows was as fast as the kept read, while every write paid for the triggers.
-- Their reads now go to the rows.

-- The bell's unread count (migration 041) reads the user's unread notifications through the partial index
-- of unread notifications (notifications_unread_idx, migration 002).
DROP TRIGGER notifications_unread_moves_insert ON notifications;
DROP TRIGGER notifications_unread_moves_update ON notifications;
DROP TRIGGER notifications_unread_moves_delete ON notifications;
DROP TRIGGER notifications_unread_moves_truncate ON notifications;
DROP FUNCTION unread_notification_moves_apply();
DROP FUNCTION fold_unread_notification_moves();
DROP TABLE unread_notification_moves;

-- The winner statistics and the overview's prizes paid (migration 040) group the winners themselves: they
-- are few, one per group and month.
DROP TRIGGER winners_month_moves_insert ON winners;
DROP TRIGGER winners_month_moves_update ON winners;
DROP TRIGGER winners_month_moves_delete ON winners;
DROP TRIGGER winners_month_moves_truncate ON winners;
DROP FUNCTION winner_month_moves_apply();
DROP FUNCTION fold_winner_month_moves();
DROP TABLE winner_month_moves;

-- The overdue members count (migration 039) counts the members' oldest unpaid months (migration 022)
-- before the cut-off, through member_oldest_unpaid_due_idx.
DROP TRIGGER member_oldest_unpaid_moves_insert ON member_oldest_unpaid;
DROP TRIGGER member_oldest_unpaid_moves_update ON member_oldest_unpaid;
DROP TRIGGER member_oldest_unpaid_moves_delete ON member_oldest_unpaid;
DROP TRIGGER member_oldest_unpaid_moves_truncate ON member_oldest_unpaid;
DROP FUNCTION oldest_unpaid_due_moves_apply();
DROP FUNCTION fold_oldest_unpaid_due_moves();
DROP TABLE oldest_unpaid_due_moves;

-- The referral report (migration 020) sums each referral's own commissions, a few each, through
-- commissions_referral_idx; the member's referral list and tree already did.
DROP TRIGGER commissions_referral_totals_insert ON commissions;
DROP TRIGGER commissions_referral_totals_update ON commissions;
DROP TRIGGER commissions_referral_totals_delete ON commissions;
DROP TRIGGER commissions_referral_totals_truncate ON commissions;
DROP FUNCTION referral_totals_apply();
DROP FUNCTION referral_totals_clear();
DROP TABLE referral_totals;
