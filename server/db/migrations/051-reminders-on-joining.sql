-- A member who joins a group that started before them is told of the months already due in one notice
-- (server/reminders/months-owed-on-joining.ts). The months it told of as overdue are recorded as sent
-- with kind JOINING, so that the overdue job, which still records their status, sends them no notice of
-- its own; the months it told of as due now are recorded as DUE, as the reminder job would have.
ALTER TABLE reminders_sent DROP CONSTRAINT reminders_sent_kind_check;
ALTER TABLE reminders_sent ADD CONSTRAINT reminders_sent_kind_check CHECK (kind IN ('BEFORE', 'DUE', 'MANUAL', 'JOINING'));
