/**
 * Answers of a server that cannot serve a request just now, though nothing is wrong with the request:
 * each comes with 503 and Retry-After, and the same request may simply be sent again
 * (docs/deploy.md, "Faults").
 */

/** The database could not be reached in time (a lost connection, none free, a statement past its limit). */
export const databaseMessages = {
  unavailable: 'Our records cannot be reached just now. Please try again in a moment.',
} as const;

/** The store of receipt files (a folder or an S3 bucket) could not be reached. */
export const storageMessages = {
  unavailable: 'Receipt files cannot be reached just now. Please try again in a moment.',
} as const;

/** The server itself is too busy, or is stopping. */
export const serviceMessages = {
  busy: 'The server is busy just now. Please try again in a moment.',
} as const;
