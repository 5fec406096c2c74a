/**
 * Who is calling: the Bearer token names a live session (RULES §3). These hooks run at onRequest,
 * before the body is read, so a request without a session gets 401 and one with the wrong role 403
 * whatever it sends. How a token becomes its user is given by the app (app.ts: the accounts' session
 * cache, decision 017, or a read of the database), so that http knows no domain.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, type Role } from '../../contract/accounts.ts';
import { forbidden, unauthorized } from './errors.ts';
import { tagRequestWithUser } from './security-log.ts';

/** The signed-in person a request's session names. */
export type SessionUser = { id: string; sessionId: string; role: Role; name: string; email: string };

/** Finds the live session's user of a token, or nothing for an unknown, ended or expired one. */
export interface SessionUserLookup {
  findUser(token: string): Promise<SessionUser | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return match?.[1];
}

export type AuthHooks = {
  /** Reads the session when one is given; visitors pass as visitors, a dead token is still 401. */
  optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** What each hook of createAuthHooks asks of a request, for the API document's `security`. */
const sessionOfHook = new WeakMap<object, 'required' | 'optional'>();

/** Whether a route's onRequest hooks need a session, take one when given, or neither (a public route). */
export function sessionOfRoute(onRequest: unknown): 'required' | 'optional' | 'none' {
  const kinds = [onRequest].flat().map((hook) => (hook && typeof hook === 'function' ? sessionOfHook.get(hook) : undefined));
  return kinds.includes('required') ? 'required' : kinds.includes('optional') ? 'optional' : 'none';
}

export function createAuthHooks(sessions: SessionUserLookup): AuthHooks {
  const findUser = (token: string) => sessions.findUser(token);
  const requireUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token ? await findUser(token) : undefined;
    if (!user) throw unauthorized(authMessages.sessionRequired);
    request.user = user;
    tagRequestWithUser(request, reply, user.id);
  };
  const hooks: AuthHooks = {
    optionalUser: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization) await requireUser(request, reply);
    },
    requireUser,
    requireAdmin: async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (request.user!.role !== 'ADMIN') throw forbidden(authMessages.adminRequired);
    },
  };
  sessionOfHook.set(hooks.optionalUser, 'optional');
  sessionOfHook.set(hooks.requireUser, 'required');
  sessionOfHook.set(hooks.requireAdmin, 'required');
  return hooks;
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(authMessages.sessionRequired);
  return request.user;
}

/** The admin (or member) acting, with their address, for the audit trail. */
export function actorOf(request: FastifyRequest): { id: string; ip: string; userAgent?: string } {
  return { id: currentUser(request).id, ip: request.ip, userAgent: request.headers['user-agent'] };
}
