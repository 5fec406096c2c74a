-- The plan requests page's counters (how many requests in each status, and the money of the approved
-- ones), kept in the same transaction as every change of a subscription payment, so that no page counts
-- or sums every plan request. They also give the list's total when it is filtered by status alone.
CREATE TABLE plan_request_counts (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  pending integer NOT NULL,
  paid integer NOT NULL,
  rejected integer NOT NULL,
  overdue integer NOT NULL,
  -- The sum of the amounts of the PAID ones.
  paid_amount numeric(16, 2) NOT NULL
);
INSERT INTO plan_request_counts (pending, paid, rejected, overdue, paid_amount)
SELECT count(*) FILTER (WHERE status = 'PENDING'), count(*) FILTER (WHERE status = 'PAID'), count(*) FILTER (WHERE status = 'REJECTED'),
  count(*) FILTER (WHERE status = 'OVERDUE'), coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)
FROM payments WHERE type = 'SUBSCRIPTION';

CREATE FUNCTION plan_request_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_pending integer := 0;
  d_paid integer := 0;
  d_rejected integer := 0;
  d_overdue integer := 0;
  d_amount numeric := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'SUBSCRIPTION' THEN
    CASE OLD.status
      WHEN 'PENDING' THEN d_pending := d_pending - 1;
      WHEN 'PAID' THEN d_paid := d_paid - 1; d_amount := d_amount - OLD.amount;
      WHEN 'REJECTED' THEN d_rejected := d_rejected - 1;
      WHEN 'OVERDUE' THEN d_overdue := d_overdue - 1;
    END CASE;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.type = 'SUBSCRIPTION' THEN
    CASE NEW.status
      WHEN 'PENDING' THEN d_pending := d_pending + 1;
      WHEN 'PAID' THEN d_paid := d_paid + 1; d_amount := d_amount + NEW.amount;
      WHEN 'REJECTED' THEN d_rejected := d_rejected + 1;
      WHEN 'OVERDUE' THEN d_overdue := d_overdue + 1;
    END CASE;
  END IF;
  IF d_pending <> 0 OR d_paid <> 0 OR d_rejected <> 0 OR d_overdue <> 0 OR d_amount <> 0 THEN
    UPDATE plan_request_counts
    SET pending = pending + d_pending, paid = paid + d_paid, rejected = rejected + d_rejected, overdue = overdue + d_overdue, paid_amount = paid_amount + d_amount;
  END IF;
  RETURN NULL;
END;
$$;

-- Only plan requests, and only the columns that move one between counters: an instalment's insert or
-- change (the bulk of the table's writes) is passed over by the trigger's condition, without calling
-- the function.
CREATE TRIGGER subscriptions_counted_insert AFTER INSERT ON payments
FOR EACH ROW WHEN (NEW.type = 'SUBSCRIPTION') EXECUTE FUNCTION plan_request_counts_follow();
CREATE TRIGGER subscriptions_counted_update AFTER UPDATE OF type, status, amount ON payments
FOR EACH ROW WHEN (OLD.type = 'SUBSCRIPTION' OR NEW.type = 'SUBSCRIPTION') EXECUTE FUNCTION plan_request_counts_follow();
CREATE TRIGGER subscriptions_counted_delete AFTER DELETE ON payments
FOR EACH ROW WHEN (OLD.type = 'SUBSCRIPTION') EXECUTE FUNCTION plan_request_counts_follow();
