-- Every server keeps the answers of its reads for a short while (server/http/answer-cache.ts,
-- decision 038). Whatever changes the data they are read from announces itself on the channel
-- data_changes when its transaction commits, and only if it commits; every server then forgets every
-- answer it keeps. One notice per statement, whatever the rows (FOR EACH STATEMENT), and PostgreSQL
-- sends the same notice once per transaction.
--
-- Every table has the trigger but those no kept answer reads, whose writes are frequent and say
-- nothing about the data: sessions (decision 017 has its own channel; the sessions list is never
-- kept), the counts of attempts against limits, the keys of retried forms, the mail waiting to be
-- sent, and the migrations. A table added later needs the trigger too: data-changes.test.ts fails
-- until it has it or is named here and in that test.

CREATE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', '*');
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema()
      AND tablename NOT IN ('sessions', 'attempt_counts', 'idempotency_keys', 'email_outbox', 'schema_migrations')
    ORDER BY tablename
  LOOP
    EXECUTE format('CREATE TRIGGER data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()', name);
  END LOOP;
END;
$$;
