-- Bank statement lines matched to payments (server/bank-statements/statement-matching.ts): a credit
-- line is matched to one payment, by the payment reference in its description, or else by the same
-- amount, a transfer date a few days apart and the member's name in its description. A line never
-- matches two payments, nor a payment two lines (the two unique keys). Why each match was made is kept
-- with it, for the administrator to read before approving.
CREATE TABLE statement_matches (
  line_id uuid PRIMARY KEY REFERENCES bank_statement_lines (id),
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id),
  bank_account_id uuid NOT NULL REFERENCES bank_accounts (id),
  method text NOT NULL CHECK (method IN ('REFERENCE', 'AMOUNT_DATE_NAME')),
  -- The reference found, or the days apart and the name found.
  reason jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The administrators' ticks of reconciliation, shared by every admin and device: a payment ticked as
-- checked against the bank's statement, by whom and when (each tick and untick is also in the audit log).
CREATE TABLE reconciliation_ticks (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  ticked_by uuid NOT NULL REFERENCES users (id),
  ticked_at timestamptz NOT NULL DEFAULT now()
);

-- The payments a statement line may be matched to by amount: those paid into the account, by amount.
CREATE INDEX payments_by_account_amount ON payments (bank_account_id, amount) WHERE bank_account_id IS NOT NULL;
