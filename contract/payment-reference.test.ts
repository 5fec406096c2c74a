import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPaymentReferences, isPaymentReference, PAYMENT_REFERENCE_ALPHABET, parsePaymentReference, paymentReferenceCheckCharacter } from './payment-reference.ts';

// The test's own reading of the scheme, written apart from the code: the digits and capitals without
// the confusable 0, O, 1, I and L, and a weighted sum (7 … 1 from the left) that is a multiple of 31.
const ALPHABET = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => !'01OIL'.includes(c));
const WEIGHTS = [7, 6, 5, 4, 3, 2, 1];
const holds = (chars: string[]) => chars.reduce((sum, c, i) => sum + WEIGHTS[i] * ALPHABET.indexOf(c), 0) % 31 === 0;

/** The one character that completes six into a valid reference, found by trying each. */
function completing(body: string[]): string {
  const fits = ALPHABET.filter((c) => holds([...body, c]));
  expect(fits).toHaveLength(1);
  return fits[0];
}

/** A valid reference with `char` at `place` (0–6), the other characters taken from `seed`. */
function validWith(place: number, char: string, seed: number): string[] {
  const body = Array.from({ length: 6 }, (_, i) => ALPHABET[(seed * 7 + i * 11) % 31]);
  if (place < 6) {
    body[place] = char;
    return [...body, completing(body)];
  }
  // The check character is given: the first character is the one that makes the sum hold.
  const firsts = ALPHABET.filter((first) => holds([first, ...body.slice(1), char]));
  expect(firsts).toHaveLength(1);
  return [firsts[0], ...body.slice(1), char];
}

describe('the payment reference alphabet', () => {
  it('is the 31 digits and capitals left without 0, O, 1, I and L, as the referral codes are', () => {
    expect([...PAYMENT_REFERENCE_ALPHABET].sort()).toEqual([...ALPHABET].sort());
    expect(PAYMENT_REFERENCE_ALPHABET).toHaveLength(31);
    expect(new Set(PAYMENT_REFERENCE_ALPHABET).size).toBe(31);
    for (const confusable of '0O1IL') expect(PAYMENT_REFERENCE_ALPHABET).not.toContain(confusable);
  });
});

describe('the check character', () => {
  it('completes any six characters as the weighted sum says', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { minLength: 6, maxLength: 6 }), (body) => {
        expect(paymentReferenceCheckCharacter(body.join(''))).toBe(completing(body));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches references worked out by hand', () => {
    // 222222: every value 0, so the check is 2. 322222: 7×1 = 7, so the check is 31 − 7 = 24, the letter T.
    expect(paymentReferenceCheckCharacter('222222')).toBe('2');
    expect(paymentReferenceCheckCharacter('322222')).toBe('T');
    // 222223: 2×1 = 2 → 29, the letter Y. ZZZZZZ: 30 × 27 = 810 = 26×31 + 4 → 27, the letter W.
    expect(paymentReferenceCheckCharacter('222223')).toBe('Y');
    expect(paymentReferenceCheckCharacter('ZZZZZZ')).toBe('W');
    expect(isPaymentReference('322222T')).toBe(true);
    expect(isPaymentReference('322222U')).toBe(false);
  });

  it('refuses every single character typed wrong, at every place, for every pair of characters', () => {
    let refused = 0;
    for (let place = 0; place < 7; place++) {
      for (const [seed, right] of ALPHABET.entries()) {
        const valid = validWith(place, right, seed);
        expect(parsePaymentReference(valid.join(''))).toBe(valid.join(''));
        for (const wrong of ALPHABET.filter((c) => c !== right)) {
          const typed = valid.with(place, wrong).join('');
          expect(holds(typed.split(''))).toBe(false);
          expect(parsePaymentReference(typed)).toBeNull();
          refused++;
        }
      }
    }
    expect(refused).toBe(7 * 31 * 30);
  });

  it('refuses every two different characters swapped, next to each other or not, at every pair of places', () => {
    let refused = 0;
    for (let first = 0; first < 7; first++) {
      for (let second = first + 1; second < 7; second++) {
        for (const [i, a] of ALPHABET.entries()) {
          for (const b of ALPHABET.filter((c) => c !== a)) {
            // A valid reference with a at first and b at second: b placed, then a's place completed.
            const valid = validWith(second, b, i);
            if (valid[first] !== a) {
              const body = valid.with(first, a);
              const free = [0, 1, 2, 3, 4, 5, 6].find((p) => p !== first && p !== second)!;
              const fits = ALPHABET.filter((c) => holds(body.with(free, c)));
              expect(fits).toHaveLength(1);
              body[free] = fits[0];
              valid.splice(0, 7, ...body);
            }
            expect(holds(valid)).toBe(true);
            const swapped = valid.with(first, valid[second]).with(second, valid[first]).join('');
            expect(parsePaymentReference(swapped)).toBeNull();
            refused++;
          }
        }
      }
    }
    expect(refused).toBe(21 * 31 * 30);
  });
});

describe('reading a reference back', () => {
  const reference = validWith(0, 'K', 3).join('');

  it('ignores case, spaces and dashes', () => {
    const lower = reference.toLowerCase();
    for (const typed of [reference, lower, ` ${reference} `, `${reference.slice(0, 3)}-${reference.slice(3)}`, `${lower.slice(0, 4)} ${lower.slice(4)}`, `${reference.slice(0, 3)} – ${reference.slice(3)}`]) {
      expect(parsePaymentReference(typed)).toBe(reference);
    }
  });

  it('refuses a wrong length, a character outside the alphabet and an empty text', () => {
    expect(parsePaymentReference(reference.slice(0, 6))).toBeNull();
    expect(parsePaymentReference(`${reference}2`)).toBeNull();
    expect(parsePaymentReference('')).toBeNull();
    expect(parsePaymentReference(`${reference.slice(0, 6)}.`)).toBeNull();
    // The left-out characters stand for none of ours: nothing is guessed.
    for (const confusable of '0O1IL') expect(parsePaymentReference(reference.slice(0, 2) + confusable + reference.slice(3))).toBeNull();
  });
});

describe('references inside a statement line', () => {
  const a = validWith(2, 'P', 5).join('');
  const b = validWith(4, '9', 8).join('');
  const mistyped = a.slice(0, 6) + ALPHABET[(ALPHABET.indexOf(a[6]) + 1) % 31];

  it('finds whole words, alone or typed in parts, each once, in order', () => {
    expect(findPaymentReferences(`IBFT ${a} MUHAMMAD ALI`)).toEqual([a]);
    expect(findPaymentReferences(`Ref: ${a.slice(0, 3).toLowerCase()}-${a.slice(3).toLowerCase()}/transfer`)).toEqual([a]);
    expect(findPaymentReferences(`${b} and ${a.slice(0, 4)} ${a.slice(4)}; again ${b}`)).toEqual([b, a]);
    expect(findPaymentReferences(`FT/${a}/0300-1234567`)).toEqual([a]);
  });

  it('finds nothing glued to other letters, mistyped, or in a text without one', () => {
    expect(findPaymentReferences(`REF${a}`)).toEqual([]);
    expect(findPaymentReferences(`${a}9`)).toEqual([]);
    expect(findPaymentReferences(`IBFT ${mistyped} ALI`)).toEqual([]);
    expect(findPaymentReferences('Monthly committee payment, March')).toEqual([]);
    expect(findPaymentReferences('')).toEqual([]);
  });

  it('finds a reference wherever it sits among random words', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), fc.array(word, { maxLength: 6 }), fc.constantFrom(' ', ' / ', ', ', ': '), (before, after, gap) => {
        const text = [...before, a, ...after].join(gap);
        expect(findPaymentReferences(text)).toContain(a);
      }),
      { numRuns: 300 },
    );
  });
});
