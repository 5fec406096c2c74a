/**
 * Who is calling: the Bearer token names a live session (RULES §3). These hooks run at onRequest,
 * before the body is read, so a request without a session gets 401 and one with the wrong role 403
 * whatever it sends.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '../../contract/accounts.ts';
import { findSessionUser, type SessionUser } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';
import { forbidden, unauthorized } from './errors.ts';

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
  optionalUser: (request: FastifyRequest) => Promise<void>;
  requireUser: (request: FastifyRequest) => Promise<void>;
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

export function createAuthHooks(db: Database): AuthHooks {
  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await findSessionUser(db, token) : undefined;
    if (!user) throw unauthorized(authMessages.sessionRequired);
    request.user = user;
  };
  return {
    optionalUser: async (request: FastifyRequest) => {
      if (request.headers.authorization) await requireUser(request);
    },
    requireUser,
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireUser(request);
      if (request.user!.role !== 'ADMIN') throw forbidden(authMessages.adminRequired);
    },
  };
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(authMessages.sessionRequired);
  return request.user;
}

/** The admin (or member) acting, with their address, for the audit trail. */
export function actorOf(request: FastifyRequest): { id: string; ip: string } {
  return { id: currentUser(request).id, ip: request.ip };
}
