/**
 * Security events: one log line each, with a stable `securityEvent` name, so that sign-ins, refusals
 * and account changes can be found and counted in the process log (docs/logging.md lists them).
 * The request's id, address and signed-in user come with every line; secrets never do.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Events that a person should look at when they pile up: logged as warnings. */
const refusals = {
  'sign-in.failed': 'a sign-in was refused',
  'session.refused': 'a request came without a live session',
  'access.denied': 'a signed-in user asked for what their role may not do',
  'input.refused': 'a request failed validation',
  throttled: 'a limit on attempts was reached',
  'receipt.refused': 'an uploaded receipt was refused',
  'step-up.failed': 'a change that asks for the password (and code) was refused: one was missing or wrong',
  'two-factor.locked': 'wrong two-factor codes in a row locked the second step of an account',
} as const;

/** Account changes that succeeded: logged as information. */
const changes = {
  'sign-in.succeeded': 'a user signed in',
  'signed-out': 'a user ended their session',
  'registration.requested': 'someone asked to register an email',
  'email.verified': 'an email address was verified',
  'email.change-requested': 'a user asked to change their email',
  'password.reset-requested': 'someone asked for a password reset link',
  'password.reset': 'a password was reset with an emailed link',
  'password.changed': 'a signed-in user changed their password',
  'two-factor.enabled': 'an admin turned on two-factor sign-in',
  'two-factor.disabled': 'an admin turned off two-factor sign-in',
  'two-factor.setup-started': 'an admin started setting up two-factor sign-in',
  'two-factor.recovery-codes-created': 'a user made a new set of two-factor recovery codes',
  'email.changed': 'a user confirmed a new email address; the old and the new one were told',
  'role.changed': 'an admin changed a user\'s role; every admin was told',
  'bank-account.changed': 'an admin created or changed a bank account members pay into; every admin was told',
} as const;

export type SecurityEvent = keyof typeof refusals | keyof typeof changes;

/** Every event and what it means: the inventory in docs/logging.md is checked against this list. */
export const securityEvents: Record<SecurityEvent, string> = { ...refusals, ...changes };

export type SecurityDetails = {
  /** The account concerned when it is not the signed-in user (a sign-in, a reset). */
  userId?: string;
  /** The email a visitor named; only ever a validated address, never free text that could hold a password. */
  email?: string;
  /** Why it was refused: the answer's own message, never an internal error. */
  reason?: string;
  /** The fields that failed validation, by name only: their values may be secrets. */
  fields?: string[];
  status?: number;
};

/** Requests whose refusal a route has already logged in its own words (a failed sign-in). */
const refusalLogged = new WeakSet<FastifyRequest>();

/** The signed-in user is on the line already (tagRequestWithUser); `details.userId` names another account. */
export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent, details: SecurityDetails = {}): void {
  const line = { securityEvent: event, ...withoutUndefined(details) };
  if (event in refusals) {
    refusalLogged.add(request);
    request.log.warn(line, `security: ${securityEvents[event]}`);
  } else {
    request.log.info(line, `security: ${securityEvents[event]}`);
  }
}

/** The refusal event a client error stands for, if any: 404s and 409s are ordinary answers, not events. */
function refusalEventFor(status: number): SecurityEvent | undefined {
  if (status === 400) return 'input.refused';
  if (status === 401) return 'session.refused';
  if (status === 403) return 'access.denied';
  if (status === 429) return 'throttled';
  return undefined;
}

/** Called for every error answer: logs the refusal it stands for, unless the route already did. */
export function logRefusal(request: FastifyRequest, status: number, details: Pick<SecurityDetails, 'reason' | 'fields'>): void {
  const event = refusalEventFor(status);
  if (event && !refusalLogged.has(request)) logSecurityEvent(request, event, { status, ...details });
}

/**
 * Names the signed-in user on every later line of this request, the "request completed" line
 * included, so that any line can be traced to who made it.
 */
export function tagRequestWithUser(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  request.log = request.log.child({ userId });
  reply.log = request.log;
}

function withoutUndefined(details: SecurityDetails): SecurityDetails {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) as SecurityDetails;
}
