/**
 * Structured JSON logs (pino). Fastify adds the request id to every line of a request.
 * Secrets never reach the log: authorization headers, cookies, passwords and tokens are redacted,
 * and token values in URLs are masked. JSON encoding also neutralises CR/LF from user input.
 */
import type { FastifyRequest } from 'fastify';
import pino from 'pino';

export type Logger = pino.Logger;

const SECRET_QUERY = /([?&](?:token|password|signature|sig)=)[^&#]*/gi;
export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    // ISO 8601 in UTC: lines from several hosts sort and compare without knowing their zones.
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.confirmPassword',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: maskUrl(req.url), ip: req.ip }),
    },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
