/** Test-only: the fixed plans, bank accounts, plan requests and files of the plan screens' tests, and their answers (web/test/plan-fixtures.ts). */
export { bankAccountsAnswerOf, fakeFile, makeBankAccount, makePlan, makeRequest, myPlanRequestsAnswerOf, planAnswerOf, planListAnswerOf } from '../../../test/plan-fixtures.ts';
