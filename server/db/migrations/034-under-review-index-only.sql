-- The pending queue counts the instalment receipts waiting (up to the list's ceiling, db/paging.ts) and
-- reads its page in their order. With the payment's type in the index, both are answered from the index
-- alone (an index-only scan), not from thousands of table pages.
DROP INDEX payments_under_review_idx;
CREATE INDEX payments_under_review_idx ON payments (submitted_at, id) INCLUDE (type) WHERE under_review;
