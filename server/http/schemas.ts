/** Response shapes shared by every route (RULES §12); they also document the API in /api/docs. */
import { z } from 'zod';
import { errorBody } from '../../contract/answers.ts';

/** The success schemas of a route plus the one error body for every 4xx and 5xx answer. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorBody, '5xx': errorBody };
}

/** Opaque ids are UUIDs; anything else is answered 404 as a record that does not exist. */
export const idParam = z.object({ id: z.string().max(100) });
