-- The hourly orphan sweep (server/receipts/orphan-sweep.ts) asks, 500 stored keys at a time, which
-- keys a receipt row names: an index answers each batch without reading the whole table.
CREATE INDEX receipts_storage_key_idx ON receipts (storage_key) WHERE storage_key IS NOT NULL;
