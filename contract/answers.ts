import { z } from 'zod';

/**
 * An answer that only says what happened: registered, verified, signed out, password changed, a plan
 * or group deleted, a committee left. One schema for all of them.
 */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });
