/**
 * Set-up file of the server suite: after every test, the database of each test application still
 * open must satisfy the product's invariants (server/test/invariants.ts).
 */
import { afterEach, expect } from 'vitest';
import { findInvariantViolations } from './invariants.ts';
import { openTestDatabases } from './test-app.ts';

afterEach(async () => {
  for (const db of openTestDatabases) {
    expect(await findInvariantViolations(db), 'the data broke an invariant').toEqual([]);
  }
});
