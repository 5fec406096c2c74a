-- How many payments each bank account has received (the admin's accounts list, `_count.payments`), kept
-- in the same statement as every change of a payment instead of counted on each request. The count of an
-- account decides between deactivating and deleting it, so it must be exact: it is.

ALTER TABLE bank_accounts ADD COLUMN payment_count integer NOT NULL DEFAULT 0;

CREATE FUNCTION bank_account_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_of constant text := 'SELECT bank_account_id, %s AS n FROM %I WHERE bank_account_id IS NOT NULL';
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN format(rows_of, '1', 'new_rows')
    WHEN 'DELETE' THEN format(rows_of, '-1', 'old_rows')
    ELSE format(rows_of, '-1', 'old_rows') || ' UNION ALL ' || format(rows_of, '1', 'new_rows')
  END;
  -- Netted per account and applied in key order, so two statements lock accounts in the same order.
  EXECUTE format($sql$
    UPDATE bank_accounts b SET payment_count = b.payment_count + c.n
    FROM (SELECT bank_account_id, sum(n)::int AS n FROM (%s) change GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1) c
    WHERE b.id = c.bank_account_id
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER payments_bank_account_counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_account_counts_apply();
CREATE TRIGGER payments_bank_account_counts_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_account_counts_apply();
CREATE TRIGGER payments_bank_account_counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_account_counts_apply();

CREATE FUNCTION bank_account_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bank_accounts SET payment_count = 0 WHERE payment_count <> 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payments_bank_account_counts_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION bank_account_counts_clear();

-- What is there already.
UPDATE bank_accounts b SET payment_count = c.n FROM (SELECT bank_account_id, count(*)::int AS n FROM payments WHERE bank_account_id IS NOT NULL GROUP BY 1) c
WHERE b.id = c.bank_account_id;
