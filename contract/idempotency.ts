/** The refusals of a change sent again under its Idempotency-Key (decision 012), codes `idempotency.*`. */
export const idempotencyMessages = {
  invalidKey: 'The Idempotency-Key header must be 1 to 200 letters, digits, dashes, underscores, dots or colons.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
} as const;
