/**
 * The rule of a verifiable draw (docs/draws.md), the same for the server that draws and for any member's
 * browser that checks it. Before the draw the server freezes the month's eligible members and publishes
 * the commitment: SHA-256 of the seed (64 hexadecimal characters, kept secret until the draw). At the
 * draw it reveals the seed; the winner is the eligible member at
 *
 *   index = SHA-256("<seed>|<year>-<month, two digits>|<eligible user ids, sorted, joined by commas>")
 *           read as one unsigned big-endian number, modulo the number of eligible members,
 *
 * in the list of eligible user ids sorted as text. Anyone can recompute the commitment from the seed
 * and the index from the seed, the month and the list, and so check that the winner was not chosen.
 * The hashing itself is left to each side (node:crypto on the server, Web Crypto in the browser).
 */

/** The eligible members' ids in the order the rule counts them: sorted as text. */
export function drawOrder(userIds: readonly string[]): string[] {
  return [...userIds].map((id) => id.toLowerCase()).sort();
}

/** The text whose SHA-256 picks the winner. */
export function drawInput(seed: string, year: number, month: number, userIds: readonly string[]): string {
  return `${seed}|${year}-${String(month).padStart(2, '0')}|${drawOrder(userIds).join(',')}`;
}

/** The index the digest (hexadecimal) picks among `count` members. */
export function drawIndex(digestHex: string, count: number): number {
  if (!/^[0-9a-f]{64}$/i.test(digestHex) || !Number.isInteger(count) || count < 1) throw new Error('invalid draw input');
  return Number(BigInt(`0x${digestHex}`) % BigInt(count));
}
