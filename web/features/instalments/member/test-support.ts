/** Test-only: this area's fixtures live with the shared test harness, as other areas' tests use them too. */
export * from '../../../test/member-payment-fixtures.ts';
