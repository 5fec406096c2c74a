const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names no record, so lookups answer 404 instead of a database error. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * An optional id filter as a query parameter: null when not given (no filter), and a malformed one as an
 * id no record has, so that it filters to nothing rather than failing the query.
 */
export const idFilter = (id: string | undefined): string | null => (id === undefined ? null : isUuid(id) ? id : '00000000-0000-0000-0000-000000000000');
