-- Bank statements imported per bank account (server/bank-statements/): each import, its lines, and the
-- layout the account's statements are read by, offered again at the next import.
--
-- A line is kept once: its fingerprint is a hash of what the line says (day, description, amounts,
-- reference, balance) and of how many identical lines came before it in the same file, so that importing
-- the same file again, or a statement overlapping an earlier one, adds only the lines not yet kept.
CREATE TABLE bank_statement_layouts (
  bank_account_id uuid PRIMARY KEY REFERENCES bank_accounts (id),
  layout jsonb NOT NULL,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_statement_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_account_id uuid NOT NULL REFERENCES bank_accounts (id),
  file_name text NOT NULL CHECK (length(file_name) <= 255),
  lines integer NOT NULL CHECK (lines >= 0),
  added integer NOT NULL CHECK (added >= 0 AND added <= lines),
  first_date date,
  last_date date,
  imported_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_statement_imports_by_account ON bank_statement_imports (bank_account_id, created_at DESC, id DESC);

CREATE TABLE bank_statement_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_account_id uuid NOT NULL REFERENCES bank_accounts (id),
  import_id uuid NOT NULL REFERENCES bank_statement_imports (id),
  line_number integer NOT NULL CHECK (line_number > 0),
  transfer_date date NOT NULL,
  description text NOT NULL CHECK (length(description) <= 500),
  credit numeric(14, 2) CHECK (credit > 0),
  debit numeric(14, 2) CHECK (debit > 0),
  reference text CHECK (length(reference) <= 100),
  balance numeric(14, 2),
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((credit IS NULL) <> (debit IS NULL)),
  UNIQUE (bank_account_id, fingerprint)
);
-- A statement's lines by the day of the transfer, as reconciliation reads them.
CREATE INDEX bank_statement_lines_by_day ON bank_statement_lines (bank_account_id, transfer_date, line_number, id);
CREATE INDEX bank_statement_lines_by_import ON bank_statement_lines (import_id, line_number);
