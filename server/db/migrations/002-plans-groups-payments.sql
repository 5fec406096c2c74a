-- Plans, groups, memberships, bank accounts, payments with their receipts, notifications and the
-- audit trail (RULES §1, §4, §5, §6, §7, §10, §11). Money is numeric(14,2): exact rupees and paisa.

CREATE TABLE committee_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  package_type text NOT NULL DEFAULT 'economy' CHECK (package_type IN ('economy', 'premium', 'luxury')),
  monthly_amount numeric(14, 2) NOT NULL CHECK (monthly_amount > 0),
  duration integer NOT NULL CHECK (duration BETWEEN 1 AND 120),
  total_amount numeric(14, 2) NOT NULL,
  max_members integer NOT NULL CHECK (max_members >= 1),
  benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT committee_plans_total_check CHECK (total_amount = monthly_amount * duration)
);
CREATE INDEX committee_plans_active_idx ON committee_plans (is_active, created_at DESC);

-- current_members is kept by the same transaction that adds or drops a member; the CHECK makes the
-- database itself refuse a group over capacity, whatever the code does (RULES §4).
CREATE TABLE committee_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id uuid NOT NULL REFERENCES committee_plans (id),
  group_number text NOT NULL,
  group_name text NOT NULL,
  max_members integer NOT NULL CHECK (max_members BETWEEN 1 AND 500),
  current_members integer NOT NULL DEFAULT 0,
  next_member_number integer NOT NULL DEFAULT 1,
  start_date date NOT NULL,
  end_date date NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT committee_groups_plan_number_key UNIQUE (plan_id, group_number),
  CONSTRAINT committee_groups_capacity CHECK (current_members BETWEEN 0 AND max_members),
  CONSTRAINT committee_groups_dates CHECK (end_date > start_date)
);
CREATE INDEX committee_groups_plan_idx ON committee_groups (plan_id);

CREATE TABLE group_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES committee_groups (id),
  user_id uuid NOT NULL REFERENCES users (id),
  member_number integer NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DROPPED')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT group_members_group_user_key UNIQUE (group_id, user_id),
  CONSTRAINT group_members_group_number_key UNIQUE (group_id, member_number)
);
CREATE INDEX group_members_user_idx ON group_members (user_id);

CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_name text NOT NULL,
  account_number text NOT NULL,
  bank_name text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('Current', 'Savings', 'Mobile Account')),
  branch_code text,
  branch_name text,
  iban text,
  swift_code text,
  is_active boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bank_accounts_default_is_active CHECK (NOT is_default OR (is_active AND deleted_at IS NULL))
);
-- At most one default account (RULES §10).
CREATE UNIQUE INDEX bank_accounts_one_default ON bank_accounts (is_default) WHERE is_default;

-- A receipt file (or a URL given instead of a file). Refused receipts stay: none is ever lost (RULES §6).
CREATE TABLE receipts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id),
  payment_id uuid,
  storage_key text,
  url text,
  original_name text,
  content_type text,
  size_bytes integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT receipts_file_or_url CHECK ((storage_key IS NULL) <> (url IS NULL))
);

-- Subscription payments (buying a plan) and instalments (one month of one member in one group).
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('SUBSCRIPTION', 'INSTALMENT')),
  user_id uuid NOT NULL REFERENCES users (id),
  plan_id uuid NOT NULL REFERENCES committee_plans (id),
  group_id uuid REFERENCES committee_groups (id),
  month smallint CHECK (month BETWEEN 1 AND 12),
  year smallint CHECK (year BETWEEN 2000 AND 2100),
  due_date date,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'REJECTED', 'OVERDUE')),
  payment_method text NOT NULL DEFAULT 'BANK_TRANSFER' CHECK (payment_method IN ('CASH', 'BANK_TRANSFER', 'MOBILE_BANKING')),
  bank_account_id uuid REFERENCES bank_accounts (id),
  -- The account's details as they were when the member paid into it (RULES §10).
  bank_account_snapshot jsonb,
  receipt_id uuid REFERENCES receipts (id),
  notes text,
  admin_notes text,
  rejection_reason text,
  submitted_at timestamptz,
  payment_date timestamptz,
  approved_at timestamptz,
  reviewed_by uuid REFERENCES users (id),
  -- The first instalment is settled by the approved subscription payment; reports count money once.
  settled_by_payment_id uuid REFERENCES payments (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_instalment_has_month CHECK (type <> 'INSTALMENT' OR (group_id IS NOT NULL AND month IS NOT NULL AND year IS NOT NULL))
);
ALTER TABLE receipts ADD CONSTRAINT receipts_payment_fk FOREIGN KEY (payment_id) REFERENCES payments (id);
CREATE INDEX receipts_payment_idx ON receipts (payment_id);
-- One open request per member and plan (RULES §5).
CREATE UNIQUE INDEX payments_one_pending_subscription ON payments (user_id, plan_id) WHERE type = 'SUBSCRIPTION' AND status = 'PENDING';
-- One instalment per member, group and month (RULES §6).
CREATE UNIQUE INDEX payments_one_instalment_per_month ON payments (group_id, user_id, year, month) WHERE type = 'INSTALMENT';
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);
CREATE INDEX payments_type_status_idx ON payments (type, status, created_at DESC);
CREATE INDEX payments_group_idx ON payments (group_id, year, month);
CREATE INDEX payments_plan_idx ON payments (plan_id);
CREATE INDEX payments_bank_account_idx ON payments (bank_account_id);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  title text NOT NULL,
  message text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- Append-only: the application never updates or deletes these rows (RULES §11).
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid REFERENCES users (id),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  before_data jsonb,
  after_data jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

-- Server-side secrets shared by every server of one installation (the receipt-link signing key).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
