-- A member's phone is confirmed by a one-time code sent to it (decision 057) before anything else is ever
-- sent to it by WhatsApp or SMS. The column may already be there: the per-kind channel choices add it too.
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone_confirmed_at timestamptz;

-- The one code a member has asked for, for the number it was sent to (E.164). Only its hash is kept; it
-- ends when it is used, after PHONE_CODE_MINUTES, after 5 wrong tries, or when the profile's phone changes
-- (the row is deleted then). A new code replaces the old one.
CREATE TABLE phone_confirmation_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  phone text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
  code_hash text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0 CHECK (tries BETWEEN 0 AND 5)
);
