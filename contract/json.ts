/** A JSON value, for the few answers that carry data whose fields differ by kind of record. */
import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Named (`JsonValue`), so that the API's documentation describes it once, among its components, and
 * the nesting refers back to it.
 */
export const jsonValue: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]))
  .meta({ id: 'JsonValue' });

/** A JSON object: names to JSON values. */
export const jsonObject = z.record(z.string(), jsonValue);
