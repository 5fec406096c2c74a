-- The language each person reads the product in: their emails and in-app notifications are written in
-- it (server/mail/templates.ts). English until they choose Urdu at registration or on their profile.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ur'));
