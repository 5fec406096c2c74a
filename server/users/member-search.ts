/**
 * How a typed search finds a member (the users list, the payment lists and their exports): by name,
 * email, phone or referral code as text; by phone however it was typed ("0300-1234567" finds
 * "+92 300 1234567" by its digits); by CNIC with or without dashes (kept as its 13 digits).
 */
export function memberSearchTerms(search: string): [text: string, phoneDigits: string | null, cnicDigits: string | null] {
  const text = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = search.replace(/\D/g, '');
  const phone = digits.replace(/^(92|0)/, '');
  return [text, phone.length >= 4 ? `%${phone}%` : null, digits.length >= 4 && digits.length <= 13 ? `%${digits}%` : null];
}

/** The condition on the member `u`, given the placeholders of memberSearchTerms' three values. */
export function memberSearchSql(u: string, [text, phone, cnic]: [string, string, string]): string {
  return `(${u}.name ILIKE ${text} OR ${u}.email ILIKE ${text} OR ${u}.phone ILIKE ${text} OR ${u}.referral_code ILIKE ${text}
      OR (${phone}::text IS NOT NULL AND regexp_replace(coalesce(${u}.phone, ''), '[^0-9]', '', 'g') LIKE ${phone})
      OR (${cnic}::text IS NOT NULL AND ${u}.cnic LIKE ${cnic}))`;
}
