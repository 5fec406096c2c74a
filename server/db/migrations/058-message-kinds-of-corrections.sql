-- A correction of a receipt's decision is a message about the receipt: an approval undone (the month is
-- owed again) and a receipt moved to the month it pays for go where the member chose receipts' decisions
-- to go (push, WhatsApp, SMS), as the decisions themselves do. A group move or removal has no kind of
-- its own: it stays in the app and the email. Every notification type is listed in
-- contract/notifications.ts, and server/messaging/message-kinds.test.ts holds this function to it.
CREATE OR REPLACE FUNCTION message_kind_of(notification_type text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE
    WHEN notification_type IN ('PAYMENT_REMINDER', 'INSTALMENT_OVERDUE', 'MONTHS_OWED_ON_JOINING') THEN 'reminder'
    WHEN notification_type IN ('INSTALMENT_APPROVED', 'INSTALMENT_REJECTED', 'INSTALMENT_APPROVAL_UNDONE', 'INSTALMENT_RECEIPT_CORRECTED') THEN 'receipt'
    WHEN notification_type = 'WINNER_SELECTED' THEN 'winner'
    WHEN notification_type IN ('DRAW_COMMITTED', 'DRAW_VOID') THEN 'draw'
    WHEN notification_type = 'RECOVERY_CODE_USED' THEN 'security'
  END
$$;
