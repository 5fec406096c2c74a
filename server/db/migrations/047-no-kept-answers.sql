-- The answers of reads are no longer kept (decision 048): in real use, with many members and writes going
-- on, they were found for few reads, while every write paid for them. Nothing listens on data_changes
-- any more, so the triggers of migration 043 (and those added since for new tables) go, and with them a
-- NOTIFY in every write transaction, which PostgreSQL serialises at commit. Sessions keep their own
-- channel (migration 014).
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN SELECT tgrelid::regclass AS name FROM pg_trigger WHERE tgname = 'data_changes' AND NOT tgisinternal LOOP
    EXECUTE format('DROP TRIGGER data_changes ON %s', target.name);
  END LOOP;
END;
$$;
DROP FUNCTION notify_data_change();
