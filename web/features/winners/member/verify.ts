/**
 * Checks a draw in the reader's browser by the published rule (contract/draw-rule.ts), with Web Crypto:
 * the commitment published before the draw must be the SHA-256 of the revealed seed, the text the
 * record says was hashed must be the rule's text for the seed, the month and the frozen list, and that
 * text must pick the member the record shows. Nothing here trusts the server's own word on who won.
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
export type VerifiableDraw = Pick<DrawEntry, 'status' | 'commitment' | 'seed' | 'drawInput' | 'eligible' | 'pickedIndex' | 'winner' | 'voidCause'> & { year: number; month: number };

/**
 * 'not-drawn-yet' while a committed draw's seed is still secret. Once the seed is revealed it must match
 * the commitment, and the hashed text shown (when shown) must be the rule's own. Then:
 * - a draw voided before it was drawn (replaced, or voided by the administrator) picked no one: it is
 *   'verified' on the commitment alone;
 * - a drawn one is 'verified' only when the rule picks `pickedIndex` and the member at that place of
 *   the rule's order is the winner shown;
 * - one void because the member picked was no longer eligible is 'verified' when the rule picks
 *   `pickedIndex` and it shows no winner.
 * A void draw without its seed is a 'mismatch': the record promises every void's seed.
 */
export async function verifyDraw(entry: VerifiableDraw): Promise<DrawVerification> {
  if (entry.seed === null) return entry.status === 'COMMITTED' ? 'not-drawn-yet' : 'mismatch';
  if (entry.status === 'COMMITTED' || (await sha256Hex(entry.seed)) !== entry.commitment.toLowerCase()) return 'mismatch';
  const ids = entry.eligible.map((member) => member.userId);
  const input = drawInput(entry.seed, entry.year, entry.month, ids);
  if (entry.drawInput !== null && entry.drawInput !== input) return 'mismatch';
  const picksSomeone = entry.status === 'DRAWN' || entry.voidCause === 'INELIGIBLE';
  if (!picksSomeone) return entry.pickedIndex === null && entry.winner === null ? 'verified' : 'mismatch';
  if (entry.pickedIndex === null || entry.eligible.length === 0) return 'mismatch';

  let index: number;
  try {
    index = drawIndex(await sha256Hex(input), ids.length);
  } catch {
    return 'mismatch';
  }
  if (index !== entry.pickedIndex) return 'mismatch';
  // The list comes in the rule's order; the member is found by the rule's own order all the same.
  const pickedId = drawOrder(ids)[index];
  const picked = entry.eligible.find((member) => member.userId.toLowerCase() === pickedId);
  if (picked === undefined || picked !== entry.eligible[index]) return 'mismatch';
  if (entry.status === 'VOID') return entry.winner === null ? 'verified' : 'mismatch';
  return entry.winner !== null && picked.name === entry.winner.name ? 'verified' : 'mismatch';
}
