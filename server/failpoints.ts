/**
 * Named crash points for the crash-safety tests (server/security/crash-safety.test.ts): they start
 * the real server with FAILPOINT=<name>, and the process dies at that exact line of a money change,
 * the way a power cut or an out-of-memory kill would. The tests then restart the server on the same
 * data and check that the change is whole or absent, and that retrying it applies it once.
 *
 * Inert in production: FAILPOINT is read once, when the module loads, and is never set there, so
 * each point costs one string comparison with `undefined`.
 */
const armed: string | undefined = process.env.FAILPOINT || undefined;

/** The names used by the services; the tests import this list so a renamed point cannot go untested. */
export const failpointNames = [
  'plan-approve:after-seat',
  'plan-approve:before-commit',
  'plan-approve:after-commit',
  'bulk-status:after-first',
  'bulk-status:before-commit',
  'bulk-status:after-commit',
  'commission-batch:after-mark-paid',
  'commission-batch:before-commit',
  'commission-batch:after-commit',
] as const;

export type FailpointName = (typeof failpointNames)[number];

/**
 * Kills the process on the spot when `name` is the armed point. SIGKILL cannot be caught: no
 * shutdown hook runs, no transaction is rolled back or committed by this process, no answer is sent.
 */
export function failpoint(name: FailpointName): void {
  if (name === armed) process.kill(process.pid, 'SIGKILL');
}
