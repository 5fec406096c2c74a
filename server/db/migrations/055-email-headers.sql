-- Headers an email carries beside To and Subject, by name: a payment reminder's List-Unsubscribe and
-- List-Unsubscribe-Post (RFC 2369, RFC 8058), which the mail worker hands to the transport as they are.
ALTER TABLE email_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
