-- Referral commissions (RULES §8). Rules are kept as a history: each commission stores the rules it was
-- computed with. A commission is paid in at most one batch, and a payment accrues at most one
-- commission per level, whatever is retried.

CREATE TABLE commission_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  level1_rate numeric(6, 4) NOT NULL CHECK (level1_rate BETWEEN 0 AND 1),
  level2_rate numeric(6, 4) NOT NULL CHECK (level2_rate BETWEEN 0 AND 1),
  level3_rate numeric(6, 4) NOT NULL CHECK (level3_rate BETWEEN 0 AND 1),
  minimum_commission numeric(14, 2) NOT NULL CHECK (minimum_commission >= 0),
  maximum_commission numeric(14, 2) NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT commission_rules_bounds CHECK (maximum_commission > minimum_commission)
);
INSERT INTO commission_rules (level1_rate, level2_rate, level3_rate, minimum_commission, maximum_commission) VALUES (0.10, 0.05, 0.02, 0, 1000);

CREATE TABLE commission_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  year smallint NOT NULL CHECK (year BETWEEN 2020 AND 2030),
  total_payments integer NOT NULL DEFAULT 0,
  total_amount numeric(14, 2) NOT NULL DEFAULT 0,
  payment_method text NOT NULL,
  transaction_id text,
  notes text,
  status text NOT NULL DEFAULT 'COMPLETED' CHECK (status IN ('COMPLETED')),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commission_batches_period_idx ON commission_batches (year DESC, month DESC);

CREATE TABLE commissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referral_id uuid NOT NULL REFERENCES referrals (id),
  referrer_id uuid NOT NULL REFERENCES users (id),
  referred_user_id uuid NOT NULL REFERENCES users (id),
  payment_id uuid NOT NULL REFERENCES payments (id),
  plan_id uuid NOT NULL REFERENCES committee_plans (id),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  payment_amount numeric(14, 2) NOT NULL,
  rate numeric(6, 4) NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  rules_id uuid NOT NULL REFERENCES commission_rules (id),
  -- The business month (Asia/Karachi) in which it accrued: the month it is paid with.
  accrued_year smallint NOT NULL,
  accrued_month smallint NOT NULL,
  accrued_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID')),
  batch_id uuid REFERENCES commission_batches (id),
  paid_at timestamptz,
  payment_method text,
  transaction_id text,
  user_confirmed boolean NOT NULL DEFAULT false,
  confirmed_at timestamptz,
  user_notes text,
  CONSTRAINT commissions_payment_level_key UNIQUE (payment_id, level),
  CONSTRAINT commissions_paid_has_batch CHECK ((status = 'PAID') = (batch_id IS NOT NULL))
);
CREATE INDEX commissions_pending_period_idx ON commissions (accrued_year, accrued_month) WHERE status = 'PENDING';
CREATE INDEX commissions_referrer_idx ON commissions (referrer_id, accrued_at DESC);
CREATE INDEX commissions_referral_idx ON commissions (referral_id);
CREATE INDEX referrals_referred_idx ON referrals (referred_user_id);
