/**
 * The header row of each CSV export, in the language of the admin who downloads it. English and Urdu
 * side by side, column for column: the records under them are the same in both (codes, ISO dates and
 * amounts are what spreadsheets and other tools read back), so only these names are translated. The
 * Urdu words are docs/urdu-glossary.md's; PKR, PKT, CNIC-style numbers and IDs stay as banks print them.
 */
import type { Language } from '../../contract/accounts.ts';
import type { ExportKind } from '../../contract/exports.ts';

/** A kind's column names; the payments export names the day its states are worked out on. */
type Headers = { [K in ExportKind]: (today: string) => string[] };

const en: Headers = {
  payments: (today) => ['Payment ID', 'Payment reference', 'Type', 'Member', 'Email', 'Phone', 'Plan', 'Group', 'Month', 'Year', 'Due date', 'Amount (PKR)', 'Status',
    `State on ${today}`, 'Payment method', 'Transfer date', 'Transaction number', 'Submitted at (PKT)', 'Approved at (PKT)', 'Rejection reason', 'Member notes', 'Admin notes'],
  defaulters: () => ['Member ID', 'Member', 'Email', 'Phone', 'Overdue instalments', 'Overdue amount (PKR)', 'Oldest overdue due date'],
  winners: () => ['Winner ID', 'Member', 'Email', 'Plan', 'Group', 'Month', 'Year', 'Amount (PKR)', 'Payment type', 'Status', 'Chosen by',
    'Selected at (PKT)', 'Paid at (PKT)', 'Cancelled at (PKT)', 'Notes'],
  'plan-requests': () => ['Request ID', 'Payment reference', 'Member', 'Email', 'Phone', 'Plan', 'Amount (PKR)', 'Status', 'Payment method', 'Receipt sent',
    'Transfer date', 'Transaction number', 'Group', 'Requested at (PKT)', 'Receipt sent at (PKT)', 'Approved at (PKT)', 'Rejection reason', 'Member notes'],
  'commission-payments': () => ['Batch ID', 'Month', 'Year', 'Commissions paid', 'Total amount (PKR)', 'Status', 'Payment method', 'Transaction ID', 'Notes', 'Paid at (PKT)', 'Paid by'],
  users: () => ['User ID', 'Name', 'Email', 'Phone', 'CNIC', 'Role', 'Status', 'Blocked reason', 'Email verified', 'Referral code', 'Groups', 'Active groups',
    'Approved payments', 'Paid (PKR)', 'Registered at (PKT)', 'Last sign-in at (PKT)'],
  audit: () => ['Entry ID', 'Time (PKT)', 'Actor ID', 'Actor', 'Actor email', 'Action', 'Record type', 'Record ID', 'Record', 'IP address', 'Before', 'After'],
};

const ur: Headers = {
  payments: (today) => ['ادائیگی ID', 'ادائیگی کا ریفرنس نمبر', 'قسم', 'رکن', 'ای میل', 'فون نمبر', 'کمیٹی پلان', 'گروپ', 'مہینہ', 'سال', 'آخری تاریخ', 'رقم (PKR)', 'حیثیت',
    `${today} کو حیثیت`, 'ادائیگی کا طریقہ', 'ٹرانسفر کی تاریخ', 'ٹرانزیکشن نمبر', 'جمع کرانے کا وقت (PKT)', 'منظوری کا وقت (PKT)', 'مسترد کرنے کی وجہ', 'رکن کے نوٹس',
    'منتظم کے نوٹس'],
  defaulters: () => ['رکن ID', 'رکن', 'ای میل', 'فون نمبر', 'تاخیر شدہ اقساط', 'تاخیر شدہ رقم (PKR)', 'سب سے پرانی تاخیر شدہ آخری تاریخ'],
  winners: () => ['فاتح ID', 'رکن', 'ای میل', 'کمیٹی پلان', 'گروپ', 'مہینہ', 'سال', 'رقم (PKR)', 'ادائیگی کی قسم', 'حیثیت', 'انتخاب کا طریقہ',
    'انتخاب کا وقت (PKT)', 'ادائیگی کا وقت (PKT)', 'منسوخی کا وقت (PKT)', 'نوٹس'],
  'plan-requests': () => ['درخواست ID', 'ادائیگی کا ریفرنس نمبر', 'رکن', 'ای میل', 'فون نمبر', 'کمیٹی پلان', 'رقم (PKR)', 'حیثیت', 'ادائیگی کا طریقہ', 'رسید بھیجی گئی',
    'ٹرانسفر کی تاریخ', 'ٹرانزیکشن نمبر', 'گروپ', 'درخواست کا وقت (PKT)', 'رسید بھیجنے کا وقت (PKT)', 'منظوری کا وقت (PKT)', 'مسترد کرنے کی وجہ', 'رکن کے نوٹس'],
  'commission-payments': () => ['بیچ ID', 'مہینہ', 'سال', 'ادا شدہ کمیشن', 'کل رقم (PKR)', 'حیثیت', 'ادائیگی کا طریقہ', 'ٹرانزیکشن ID', 'نوٹس', 'ادائیگی کا وقت (PKT)', 'ادا کرنے والا منتظم'],
  users: () => ['صارف ID', 'نام', 'ای میل', 'فون نمبر', 'شناختی کارڈ نمبر', 'کردار', 'حیثیت', 'بلاک کرنے کی وجہ', 'ای میل کی تصدیق', 'ریفرل کوڈ', 'گروپ', 'فعال گروپ',
    'منظور شدہ ادائیگیاں', 'ادا شدہ (PKR)', 'رجسٹریشن کا وقت (PKT)', 'آخری لاگ اِن کا وقت (PKT)'],
  audit: () => ['اندراج ID', 'وقت (PKT)', 'کرنے والے کی ID', 'کرنے والا', 'کرنے والے کی ای میل', 'کارروائی', 'ریکارڈ کی قسم', 'ریکارڈ ID', 'ریکارڈ', 'IP ایڈریس', 'پہلے', 'بعد میں'],
};

export const exportHeaders: Record<Language, Headers> = { en, ur };
