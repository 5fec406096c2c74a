/**
 * The payment reference: the short code every instalment and plan request carries, which a member
 * writes in a bank transfer's remarks so that the transfer can be found again in the bank's statement
 * (decision 052). One definition for the server, the web and the database (migration 052 writes the
 * same references in SQL; server/instalments/payment-references.test.ts holds them to this file).
 *
 * - Seven characters: six that number the payment and one check character, e.g. `K7PM4Q9`.
 * - The alphabet is the 31 digits and capital letters left once 0, O, 1, I and L are taken out: each
 *   pair a reader could confuse loses both its members, so whatever a member reads they type right. It
 *   is the alphabet of the referral codes (RULES §3). 31 is prime, which is what the check needs.
 * - The check: the characters' values (their places in the alphabet) weighted 7, 6, 5, 4, 3, 2 and 1
 *   from the left add up to a multiple of 31. Any one character typed wrong changes the sum by its
 *   weight times the error, neither a multiple of the prime 31; any two characters swapped (next to each
 *   other or not) change it by the difference of their weights times the difference of their values,
 *   again neither a multiple of 31. Both are refused.
 * - Read back, case, spaces and dashes are ignored. Nothing is guessed: since both members of each
 *   confusable pair are left out, a typed O, 0, I, L or 1 cannot stand for one of ours, and such a
 *   text is not a reference.
 */

export const PAYMENT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The characters that number the payment; one check character follows them. */
export const PAYMENT_REFERENCE_BODY_LENGTH = 6;
export const PAYMENT_REFERENCE_LENGTH = PAYMENT_REFERENCE_BODY_LENGTH + 1;

const BASE = PAYMENT_REFERENCE_ALPHABET.length;

/** The weight of each place, from the left; the check character's is 1. */
const weightAt = (index: number) => PAYMENT_REFERENCE_LENGTH - index;

const valueOf = (character: string) => PAYMENT_REFERENCE_ALPHABET.indexOf(character);

/** The check character of six characters of the alphabet (in capitals); throws on anything else. */
export function paymentReferenceCheckCharacter(body: string): string {
  if (body.length !== PAYMENT_REFERENCE_BODY_LENGTH) throw new RangeError(`A payment reference's body has ${PAYMENT_REFERENCE_BODY_LENGTH} characters`);
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const value = valueOf(body[index]);
    if (value < 0) throw new RangeError(`'${body[index]}' is not a character of payment references`);
    sum += weightAt(index) * value;
  }
  return PAYMENT_REFERENCE_ALPHABET[(BASE - (sum % BASE)) % BASE];
}

/** Whether a text is a reference exactly as stored: seven characters of the alphabet whose check holds. */
export function isPaymentReference(text: string): boolean {
  if (text.length !== PAYMENT_REFERENCE_LENGTH) return false;
  let sum = 0;
  for (let index = 0; index < text.length; index++) {
    const value = valueOf(text[index]);
    if (value < 0) return false;
    sum += weightAt(index) * value;
  }
  return sum % BASE === 0;
}

/**
 * A reference as a person may have typed it ("k7pm-4q9", " K7P M4Q9 "): the reference as stored, or
 * null when it is not one (a character outside the alphabet, a wrong length, a check that fails).
 */
export function parsePaymentReference(text: string): string | null {
  const compact = text.replace(/[\s\-\u2010-\u2015\u2212]+/gu, '').toUpperCase();
  return isPaymentReference(compact) ? compact : null;
}

/** Characters between two pieces of one reference typed in parts ("K7P-M4Q9", "K7P M4Q9"). */
const JOINER = /^[\s\-\u2010-\u2015\u2212]+$/u;

/**
 * The valid references inside a free text, such as a bank statement line's description ("IBFT
 * K7PM4Q9 MUHAMMAD ALI", "Ref: k7p-m4q9/transfer"), as stored, each once, in the order they appear. A
 * reference is a whole word of the text, or whole words joined by spaces or dashes; one glued to other
 * letters or digits ("REFK7PM4Q9") is not looked for, which keeps long words and account numbers from
 * being read as references. Each found one passes the check; whether a payment carries it is for the
 * caller to look up.
 */
export function findPaymentReferences(description: string): string[] {
  const pieces = description.match(/[A-Za-z0-9]+|[^A-Za-z0-9]+/g) ?? [];
  const found: string[] = [];
  for (let start = 0; start < pieces.length; start++) {
    if (!/^[A-Za-z0-9]/.test(pieces[start])) continue;
    let text = '';
    for (let index = start; index < pieces.length; index += 2) {
      text += pieces[index];
      if (text.length >= PAYMENT_REFERENCE_LENGTH) break;
      // The next word counts only when nothing but spaces or dashes lies between.
      if (index + 1 >= pieces.length || !JOINER.test(pieces[index + 1])) break;
    }
    if (text.length !== PAYMENT_REFERENCE_LENGTH) continue;
    const reference = parsePaymentReference(text);
    if (reference && !found.includes(reference)) found.push(reference);
  }
  return found;
}
