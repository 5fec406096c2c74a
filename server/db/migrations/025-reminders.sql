-- Reminders before and on the due date (docs/rules.md "Reminders"), and the settings they read.
--
-- A reminder is sent once per instalment (member and month) and kind: the primary key is the record
-- of what was sent, and the job inserts into it first, so that two job runners at once send each
-- reminder once (the one whose insert wins sends it).
CREATE TABLE reminders_sent (
  payment_id uuid NOT NULL REFERENCES payments (id),
  kind text NOT NULL CHECK (kind IN ('BEFORE', 'DUE', 'MANUAL')),
  user_id uuid NOT NULL REFERENCES users (id),
  sent_at timestamptz NOT NULL DEFAULT now(),
  sent_by uuid REFERENCES users (id),
  emailed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (payment_id, kind)
);
CREATE INDEX reminders_sent_user_idx ON reminders_sent (user_id, sent_at DESC);

-- The operator's settings, one row per name (a JSON value each).
CREATE TABLE app_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id)
);
INSERT INTO app_settings (name, value) VALUES ('reminders', '{"daysBefore": 3}');

-- A member may turn reminder emails off; the in-app reminders stay.
ALTER TABLE users ADD COLUMN email_reminders boolean NOT NULL DEFAULT true;
