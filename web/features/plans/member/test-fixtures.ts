/** Test-only: the fixed plans, bank accounts, plan requests and files of the plan screens' tests (web/test/plan-fixtures.ts). */
export { fakeFile, makeBankAccount, makePlan, makeRequest } from '../../../test/plan-fixtures.ts';
