/**
 * Checks a draw in the member's browser by the published rule (contract/draw-rule.ts), with Web Crypto:
 * the commitment published before the draw must be the SHA-256 of the revealed seed, and the seed, the
 * month and the frozen list must pick the winner. Nothing here trusts the server's own word on who won.
 */
import { drawIndex, drawInput, drawOrder } from '../../../../contract/draw-rule.ts';
import type { DrawEntry } from './api.ts';

export type DrawVerification = 'verified' | 'mismatch' | 'not-drawn-yet';

/** The SHA-256 of the text (UTF-8), as 64 lower-case hexadecimal characters. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A draw with the month it is for (the month is part of what the rule hashes). */
export type VerifiableDraw = Pick<DrawEntry, 'status' | 'commitment' | 'seed' | 'eligible' | 'pickedIndex' | 'winner'> & { year: number; month: number };

/**
 * 'not-drawn-yet' while the seed is still secret. A draw replaced before drawing (VOID) reveals its seed
 * and picks no one: it is 'verified' when the seed matches its commitment. A drawn one is 'verified'
 * only when the seed matches the commitment, the rule picks `pickedIndex`, and the member at that place
 * of the rule's order is the winner shown.
 */
export async function verifyDraw(entry: VerifiableDraw): Promise<DrawVerification> {
  if (entry.seed === null) return entry.status === 'DRAWN' ? 'mismatch' : 'not-drawn-yet';
  if ((await sha256Hex(entry.seed)) !== entry.commitment.toLowerCase()) return 'mismatch';
  if (entry.status === 'VOID') return 'verified';
  if (entry.status !== 'DRAWN' || entry.pickedIndex === null || entry.winner === null || entry.eligible.length === 0) return 'mismatch';

  const ids = entry.eligible.map((member) => member.userId);
  let index: number;
  try {
    index = drawIndex(await sha256Hex(drawInput(entry.seed, entry.year, entry.month, ids)), ids.length);
  } catch {
    return 'mismatch';
  }
  if (index !== entry.pickedIndex) return 'mismatch';
  // The list comes in the rule's order; the member is found by the rule's own order all the same.
  const pickedId = drawOrder(ids)[index];
  const picked = entry.eligible.find((member) => member.userId.toLowerCase() === pickedId);
  return picked !== undefined && picked === entry.eligible[index] && picked.name === entry.winner.name ? 'verified' : 'mismatch';
}
