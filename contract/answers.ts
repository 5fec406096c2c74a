import { z } from 'zod';

/**
 * The stable code of an answer's text (`auth.loggedOut`; `ok` for a success whose text no catalogue
 * holds), so that a client translates the answer by its code, never by its English. Every answer with
 * a message has one, as the API document says; the server sets it for every route at once (app.ts,
 * from server/http/error-codes.ts), so the type lets a route's handler leave it out.
 */
export const answerCode = z.string() as unknown as z.ZodOptional<z.ZodString>;

/**
 * An answer that only says what happened: registered, verified, signed out, password changed, a plan
 * or group deleted, a committee left. One schema for all of them.
 */
export const messageAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string() });
