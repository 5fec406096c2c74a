-- The monthly draw (RULES §9). The two rules are held by the database as well as by the code:
-- one non-cancelled winner per group and month, and one non-cancelled win per member per group.

CREATE TABLE winners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id uuid NOT NULL REFERENCES committee_plans (id),
  group_id uuid NOT NULL REFERENCES committee_groups (id),
  user_id uuid NOT NULL REFERENCES users (id),
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  year smallint NOT NULL CHECK (year BETWEEN 2020 AND 2030),
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  payment_type text NOT NULL DEFAULT 'UMRAH' CHECK (payment_type IN ('CASH', 'UMRAH')),
  status text NOT NULL DEFAULT 'SELECTED' CHECK (status IN ('SELECTED', 'PAID', 'CANCELLED')),
  notes text,
  selected_by uuid REFERENCES users (id),
  selected_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX winners_one_per_group_month ON winners (group_id, year, month) WHERE status <> 'CANCELLED';
CREATE UNIQUE INDEX winners_one_win_per_member ON winners (group_id, user_id) WHERE status <> 'CANCELLED';
CREATE INDEX winners_plan_period_idx ON winners (plan_id, year, month);
CREATE INDEX winners_user_idx ON winners (user_id);
