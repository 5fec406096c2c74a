-- Reconciliation without a person (decision 052): every payment, instalment or plan request, carries a
-- payment reference that the member writes in the transfer's remarks, and each receipt says when the
-- money was transferred and the bank's transaction number.
--
-- The reference is seven characters of contract/payment-reference.ts's alphabet: six that number the
-- payment and its check character, the same definition written here in SQL. The number is the next of
-- a sequence, shuffled by a four-round Feistel network over the 31^6 possible bodies, so that
-- references are unique by construction (never a second try) and the next payment's cannot be read off
-- the last one's. The unique index holds it all the same. A reference is given once, when its row is
-- made (the column's default, also in the instalment schedule's one INSERT), and never changed.

CREATE SEQUENCE payment_reference_numbers;

CREATE FUNCTION payment_reference_of(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  half constant bigint := 29791; -- 31^3: three characters, one half of the body
  l bigint;
  r bigint;
  t bigint;
  x bigint;
  v integer;
  total integer := 0;
  body text := '';
BEGIN
  IF n < 0 OR n >= half * half THEN
    RAISE EXCEPTION 'payment reference number % is out of range', n;
  END IF;
  l := n / half;
  r := n % half;
  -- A Feistel network is a permutation whatever its round function: (l, r) → (r, l + F(r) mod half).
  FOR k IN 1..4 LOOP
    t := (l + ((r + k * 7607) * (r + k * 12289 + 1) * 48271) % half) % half;
    l := r;
    r := t;
  END LOOP;
  x := l * half + r;
  -- Six characters, the last first; place i (1–6 from the left) weighs 8 − i, the check character 1.
  FOR i IN REVERSE 6..1 LOOP
    v := (x % 31)::integer;
    x := x / 31;
    body := substr(alphabet, v + 1, 1) || body;
    total := total + (8 - i) * v;
  END LOOP;
  RETURN body || substr(alphabet, (31 - total % 31) % 31 + 1, 1);
END;
$$;

ALTER TABLE payments ADD COLUMN payment_reference text;
-- The payments made so far, in the order they were made.
WITH numbered AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM payments)
UPDATE payments p SET payment_reference = payment_reference_of(numbered.n) FROM numbered WHERE numbered.id = p.id;
SELECT setval('payment_reference_numbers', greatest((SELECT count(*) FROM payments), 1), (SELECT count(*) FROM payments) > 0);
ALTER TABLE payments ALTER COLUMN payment_reference SET DEFAULT payment_reference_of(nextval('payment_reference_numbers'));
ALTER TABLE payments ALTER COLUMN payment_reference SET NOT NULL;
CREATE UNIQUE INDEX payments_payment_reference_key ON payments (payment_reference);

CREATE FUNCTION payment_reference_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payment_reference IS DISTINCT FROM OLD.payment_reference THEN
    RAISE EXCEPTION 'a payment''s reference is never changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payments_reference_kept BEFORE UPDATE OF payment_reference ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_reference_is_kept();

-- What the member says of the transfer behind the receipt under review: the day it was made (in
-- Pakistan) and the bank's transaction number, when they give them. Older receipts have neither.
-- Each receipt keeps its own, so a refused receipt's stay with it.
ALTER TABLE payments ADD COLUMN transfer_date date;
ALTER TABLE payments ADD COLUMN transaction_number text CHECK (char_length(transaction_number) BETWEEN 1 AND 64);
ALTER TABLE receipts ADD COLUMN transfer_date date;
ALTER TABLE receipts ADD COLUMN transaction_number text CHECK (char_length(transaction_number) BETWEEN 1 AND 64);
