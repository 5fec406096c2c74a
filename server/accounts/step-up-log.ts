/**
 * The log line of a refused step-up (decision 047): a missing or wrong password or code on a change
 * that asks for them is a `step-up.failed` security event, by field name only, never the values.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { logSecurityEvent } from '../http/security-log.ts';

/** The body fields that carry a step-up proof. */
const PROOF_FIELDS = new Set(['currentPassword', 'password', 'code']);

/** Runs the change; a refusal on a proof field is logged as step-up.failed before it is answered. */
export async function logStepUpRefusal<T>(request: FastifyRequest, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400 && error.errors) {
      const fields = Object.keys(error.errors).filter((field) => PROOF_FIELDS.has(field));
      if (fields.length > 0) logSecurityEvent(request, 'step-up.failed', { reason: error.message, fields, status: 400 });
    }
    throw error;
  }
}
