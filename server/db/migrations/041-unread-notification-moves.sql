-- Each user's unread notifications, counted on every list of notifications (the bell's number): kept per
-- user as moves, as the reconciliation's figures are (migration 037). An administrator is told of every
-- receipt sent, so their count would otherwise be read from as many index entries as unread notices;
-- and notices added at the same moment never wait on one another's row. Folded every hour
-- (fold_unread_notification_moves); the count is the sum of the user's rows.
CREATE TABLE unread_notification_moves (
  user_id uuid NOT NULL,
  unread integer NOT NULL
);
CREATE INDEX unread_notification_moves_idx ON unread_notification_moves (user_id) INCLUDE (unread);

INSERT INTO unread_notification_moves SELECT user_id, count(*) FROM notifications WHERE read_at IS NULL GROUP BY user_id;

CREATE FUNCTION unread_notification_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
BEGIN
  change := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT user_id, 1 FROM new_rows WHERE read_at IS NULL'
    WHEN 'DELETE' THEN 'SELECT user_id, -1 FROM old_rows WHERE read_at IS NULL'
    ELSE 'SELECT user_id, -1 FROM old_rows WHERE read_at IS NULL UNION ALL SELECT user_id, 1 FROM new_rows WHERE read_at IS NULL'
  END;
  EXECUTE format($sql$
    INSERT INTO unread_notification_moves
    SELECT user_id, sum(n) FROM (%s) change (user_id, n) GROUP BY user_id HAVING sum(n) <> 0
  $sql$, change);
  RETURN NULL;
END;
$$;

CREATE TRIGGER notifications_unread_moves_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION unread_notification_moves_apply();
CREATE TRIGGER notifications_unread_moves_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION unread_notification_moves_apply();
CREATE TRIGGER notifications_unread_moves_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION unread_notification_moves_apply();

CREATE TRIGGER notifications_unread_moves_truncate AFTER TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION clear_moves('unread_notification_moves');

-- Every hour (server/db/kept-moves.ts): each key's rows become one.
CREATE FUNCTION fold_unread_notification_moves() RETURNS integer LANGUAGE sql AS $$
  SELECT fold_moves('unread_notification_moves', ARRAY['user_id'], ARRAY['unread'])
$$;
