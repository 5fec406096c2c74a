/**
 * The words of a statement (RULES §6a) in each language a member reads the product in, English and Urdu
 * side by side, key for key. Amounts, dates and numbers are passed in already written ("PKR 5,000",
 * "2026-03-31"): they read the same in both, in Western digits, as banks print them. The Urdu words are
 * docs/urdu-glossary.md's. In an Urdu sentence, what people typed (a name, an email, a phone number, a
 * plan's name) and the dates are isolated (`own` below), so that their direction, or a directional
 * character in a name, cannot reorder the words around them.
 */
import type { Language } from '../../contract/accounts.ts';
import { typed } from '../mail/layout.ts';
import type { InstalmentState } from '../figures/figures.ts';

export type StatementTexts = {
  operator: string;
  documentTitle: (name: string) => string;
  heading: string;
  asOf: (date: string) => string;
  member: string;
  name: (name: string) => string;
  email: (email: string) => string;
  phone: (phone: string) => string;
  noGroups: string;
  activeGroups: (count: number) => string;
  active: string;
  moved: (date: string, groupNumber: string) => string;
  left: (date: string) => string;
  columns: { month: string; dueDate: string; amount: string; status: string; paidOn: string };
  months: readonly string[];
  states: Record<InstalmentState, string>;
  group: (planName: string, groupNumber: string) => string;
  membership: (memberNumber: number, startDate: string, endDate: string) => string;
  totals: (t: { paid: string; owed: string; overdue: string; remaining: string }) => string;
  groupTotals: (t: { collected: string; paidOut: string; held: string }) => string;
  notes: string;
};

const en: StatementTexts = {
  operator: 'Umrah Committee',
  documentTitle: (name) => `Statement of ${name}`,
  heading: 'Statement of instalments',
  asOf: (date) => `As of ${date} (Pakistan time). Amounts in PKR.`,
  member: 'Member',
  name: (name) => `Name: ${name}`,
  email: (email) => `Email: ${email}`,
  phone: (phone) => `Phone: ${phone}`,
  noGroups: 'No groups yet.',
  activeGroups: (count) => `Active groups: ${count}.`,
  active: 'Status: active.',
  moved: (date, groupNumber) => `Status: moved on ${date} to Group ${groupNumber} of this plan; your months moved with you and are listed there.`,
  left: (date) => `Status: left on ${date}. Months already due stay due until paid.`,
  columns: { month: 'Month', dueDate: 'Due date', amount: 'Amount', status: 'Status', paidOn: 'Paid on' },
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  states: { PAID: 'Paid', UNDER_REVIEW: 'Under review', OWED: 'Owed', OVERDUE: 'Overdue', SCHEDULED: 'Scheduled' },
  group: (planName, groupNumber) => `${planName}, Group ${groupNumber}`,
  membership: (memberNumber, startDate, endDate) => `Member number ${memberNumber}. Cycle ${startDate} to ${endDate}.`,
  totals: (t) => `Your totals: paid ${t.paid}; owed ${t.owed} (of which overdue ${t.overdue}); remaining ${t.remaining}.`,
  groupTotals: (t) => `The group so far: collected ${t.collected}; paid out to winners ${t.paidOut}; held ${t.held}.`,
  notes: 'Owed: due and not paid, no receipt waiting. Overdue: owed after the grace day. Remaining: every instalment not yet paid. Held: collected less paid out.',
};

/**
 * A value inside an Urdu sentence, isolated (FSI … PDI): a date keeps its own order ("2026-03-31", which
 * after Urdu letters the bidirectional algorithm would otherwise read as Arabic numbers and draw
 * "31-03-2026"), and what someone typed cannot reorder the words around it.
 */
const own = (value: string) => typed('ur', value);

const ur: StatementTexts = {
  operator: 'عمرہ کمیٹی',
  documentTitle: (name) => `${own(name)} کا گوشوارہ`,
  heading: 'اقساط کا گوشوارہ',
  asOf: (date) => `پاکستانی وقت کے مطابق ${own(date)} تک کا حساب۔ تمام رقوم PKR میں۔`,
  member: 'رکن',
  name: (name) => `نام: ${own(name)}`,
  email: (email) => `ای میل: ${own(email)}`,
  phone: (phone) => `فون نمبر: ${own(phone)}`,
  noGroups: 'ابھی کسی گروپ میں شامل نہیں۔',
  activeGroups: (count) => `فعال گروپ: ${count}۔`,
  active: 'حیثیت: فعال۔',
  moved: (date, groupNumber) => `حیثیت: ${own(date)} کو اسی پلان کے گروپ نمبر ${own(groupNumber)} میں منتقل؛ آپ کی اقساط آپ کے ساتھ منتقل ہو گئیں اور وہاں درج ہیں۔`,
  left: (date) => `حیثیت: ${own(date)} کو گروپ چھوڑ دیا۔ جو اقساط پہلے سے واجب الادا ہیں وہ ادائیگی تک واجب الادا رہیں گی۔`,
  columns: { month: 'مہینہ', dueDate: 'آخری تاریخ', amount: 'رقم', status: 'حیثیت', paidOn: 'ادائیگی کی تاریخ' },
  months: ['جنوری', 'فروری', 'مارچ', 'اپریل', 'مئی', 'جون', 'جولائی', 'اگست', 'ستمبر', 'اکتوبر', 'نومبر', 'دسمبر'],
  states: { PAID: 'ادا شدہ', UNDER_REVIEW: 'زیرِ جائزہ', OWED: 'واجب الادا', OVERDUE: 'تاخیر شدہ', SCHEDULED: 'آئندہ' },
  group: (planName, groupNumber) => `${own(planName)}، گروپ نمبر ${own(groupNumber)}`,
  membership: (memberNumber, startDate, endDate) => `رکن نمبر ${memberNumber}۔ دورانیہ ${own(startDate)} سے ${own(endDate)} تک۔`,
  totals: (t) => `آپ کا حساب: ادا شدہ ${t.paid}؛ واجب الادا ${t.owed}، جس میں تاخیر شدہ ${t.overdue}؛ باقی ${t.remaining}۔`,
  groupTotals: (t) => `گروپ اب تک: وصول شدہ ${t.collected}؛ فاتحین کو ادا شدہ ${t.paidOut}؛ گروپ کے پاس موجود رقم ${t.held}۔`,
  notes:
    'واجب الادا: آخری تاریخ آ چکی، ادائیگی نہیں ہوئی اور کوئی رسید زیرِ جائزہ نہیں۔ تاخیر شدہ: رعایتی دن کے بعد بھی واجب الادا۔ ' +
    'باقی: ہر وہ قسط جو ابھی ادا نہیں ہوئی۔ گروپ کے پاس موجود رقم: وصول شدہ رقم میں سے ادا شدہ رقم نکال کر۔',
};

export const statementTexts: Record<Language, StatementTexts> = { en, ur };
