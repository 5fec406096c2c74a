/**
 * The OpenAPI document as the route schemas make it, mended where zod's translation to OpenAPI 3.0
 * falls short: a nullable enum is written `nullable: true` beside an `enum` that lacks null, which
 * OpenAPI 3.0.3 reads as "null is not allowed" (the enum wins). Null is added to such enums.
 */
type Node = unknown;

export function withNullInNullableEnums<T>(document: T): T {
  const mend = (node: Node): Node => {
    if (Array.isArray(node)) return node.map(mend);
    if (!node || typeof node !== 'object') return node;
    const mended = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, mend(value)])) as Record<string, unknown>;
    if (mended.nullable === true && Array.isArray(mended.enum) && !mended.enum.includes(null)) mended.enum = [...mended.enum, null];
    return mended;
  };
  return mend(document) as T;
}
