-- The channels beside email (decision 056): push to a member's devices, WhatsApp and SMS to a confirmed
-- phone. A member chooses per kind of message and channel; every message for a channel is a row of
-- message_outbox, written in the transaction of the event it tells of and sent by the outbox worker.

-- When the member's phone (users.phone) was confirmed by a code sent to it; a phone channel needs it.
ALTER TABLE users ADD COLUMN phone_confirmed_at timestamptz;

-- A member's choice per kind and channel; a missing row is the default: push on, WhatsApp and SMS off.
CREATE TABLE message_channel_choices (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reminder', 'receipt', 'winner', 'draw', 'security')),
  channel text NOT NULL CHECK (channel IN ('push', 'whatsapp', 'sms')),
  chosen boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, channel)
);

-- A browser's push subscription (its endpoint at the browser's push service and its keys); one row per
-- endpoint, belonging to whoever subscribed it last.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- The VAPID key pair the push services know this app by, when the configuration gives none: made by the
-- first server to start and shared by all (one row).
CREATE TABLE push_vapid_keys (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The phone channels a provider is configured for, recorded by each server as it starts: a message for a
-- channel without a provider is not written at all.
CREATE TABLE message_channel_providers (
  channel text PRIMARY KEY CHECK (channel IN ('whatsapp', 'sms'))
);

CREATE TABLE message_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reminder', 'receipt', 'winner', 'draw', 'security')),
  channel text NOT NULL CHECK (channel IN ('push', 'whatsapp', 'sms')),
  -- push: the device; its messages stay listed (without it) when the subscription goes.
  subscription_id uuid REFERENCES push_subscriptions(id) ON DELETE SET NULL,
  -- WhatsApp and SMS: the confirmed phone, as it was when the message was written.
  to_address text,
  language text NOT NULL CHECK (language IN ('en', 'ur')),
  title text NOT NULL,
  body text NOT NULL,
  url text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED', 'GONE')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  sent_at timestamptz,
  provider_message_id text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((channel = 'push') = (to_address IS NULL))
);
-- The worker's claim: due rows in order of their next attempt.
CREATE INDEX message_outbox_due_idx ON message_outbox (next_attempt_at) WHERE status = 'PENDING';
-- The admin's list of a member's messages, newest first.
CREATE INDEX message_outbox_user_idx ON message_outbox (user_id, created_at DESC, id DESC);
CREATE INDEX message_outbox_subscription_idx ON message_outbox (subscription_id) WHERE subscription_id IS NOT NULL;

-- Where a member's message goes for one kind: each subscribed device unless push is turned off for it,
-- and each phone channel chosen for it that has a provider, once the phone is confirmed.
CREATE FUNCTION message_channel_targets(target_user uuid, message_kind text)
RETURNS TABLE (channel text, subscription_id uuid, to_address text) STABLE LANGUAGE sql AS $$
  SELECT 'push'::text, s.id, NULL::text FROM push_subscriptions s
  WHERE s.user_id = target_user
    AND NOT EXISTS (SELECT 1 FROM message_channel_choices c WHERE c.user_id = target_user AND c.kind = message_kind AND c.channel = 'push' AND NOT c.chosen)
  UNION ALL
  SELECT c.channel, NULL::uuid, u.phone FROM message_channel_choices c
  JOIN message_channel_providers p ON p.channel = c.channel
  JOIN users u ON u.id = c.user_id
  WHERE c.user_id = target_user AND c.kind = message_kind AND c.chosen AND u.phone_confirmed_at IS NOT NULL AND u.phone IS NOT NULL
$$;

-- The kind of message an in-app notification is, by its type; NULL for the notices no channel carries.
CREATE FUNCTION message_kind_of(notification_type text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE
    WHEN notification_type IN ('PAYMENT_REMINDER', 'INSTALMENT_OVERDUE', 'MONTHS_OWED_ON_JOINING') THEN 'reminder'
    WHEN notification_type IN ('INSTALMENT_APPROVED', 'INSTALMENT_REJECTED') THEN 'receipt'
    WHEN notification_type = 'WINNER_SELECTED' THEN 'winner'
    WHEN notification_type IN ('DRAW_COMMITTED', 'DRAW_VOID') THEN 'draw'
    WHEN notification_type = 'RECOVERY_CODE_USED' THEN 'security'
  END
$$;

-- The screen a message opens, as the web's notification links lead (web/features/member-frame/notification-links.ts).
CREATE FUNCTION message_url_of(message_kind text, data jsonb) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE message_kind
    WHEN 'winner' THEN '/dashboard?tab=groups' || coalesce('&group=' || (data ->> 'groupId'), '')
    WHEN 'draw' THEN '/dashboard?tab=groups' || coalesce('&group=' || (data ->> 'groupId'), '')
    WHEN 'security' THEN '/profile'
    ELSE '/dashboard?tab=payments'
  END
$$;

-- Every notification of a kind a channel carries writes its channel messages in the same statement, in
-- the words and language the notification was written in: one place for every writer of notifications,
-- those in SQL (reminders, the overdue job) as much as notify.ts.
CREATE FUNCTION notifications_queue_channel_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_outbox (user_id, kind, channel, subscription_id, to_address, language, title, body, url)
  SELECT n.user_id, k.kind, t.channel, t.subscription_id, t.to_address, u.language, n.title, n.message, message_url_of(k.kind, n.data)
  FROM new_rows n
  CROSS JOIN LATERAL (SELECT message_kind_of(n.type) AS kind) k
  JOIN users u ON u.id = n.user_id
  CROSS JOIN LATERAL message_channel_targets(n.user_id, k.kind) t
  WHERE k.kind IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE TRIGGER notifications_queue_channel_messages AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_queue_channel_messages();
