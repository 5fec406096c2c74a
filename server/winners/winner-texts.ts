/**
 * The notices of the draw (docs/draws.md): a draw committed, drawn and voided, and the winner told;
 * in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, type NoticeText, typed, karachiMoment } from '../mail/layout.ts';

export function winnerNotice(language: Language, planName: string, groupNumber: string, period: string): NoticeText {
  return {
    en: { title: 'You won!', message: `Mubarak! You were selected as the winner of ${planName}, Group ${groupNumber}, for ${period}.` },
    ur: { title: 'مبارک ہو، آپ فاتح ہیں!', message: `مبارک ہو! ${period} کے لیے ${typed('ur', planName)}، گروپ نمبر ${groupNumber} کی قرعہ اندازی میں آپ کو فاتح منتخب کیا گیا ہے۔` },
  }[language];
}

/**
 * A draw committed (docs/draws.md): what the members need to check it later, told before it is drawn.
 * `entrants`: the frozen list as members see it, in the rule's order.
 */
export function drawCommittedNotice(language: Language, draw: { planName: string; groupNumber: string; period: string; commitment: string; entrants: string[]; drawableAt: Date }): NoticeText {
  const from = karachiMoment(language, draw.drawableAt);
  return {
    en: {
      title: 'A draw is committed',
      message: `The draw for ${draw.planName}, Group ${draw.groupNumber}, ${draw.period} is committed. Its commitment (SHA-256 of the secret seed) is ${draw.commitment}. The members in the draw, in the rule's order: ${draw.entrants.join(', ')}. It can be drawn from ${from}. The group's draw record shows all of it, and after the draw lets you check the winner.`,
    },
    ur: {
      title: 'قرعہ اندازی کی پیشگی مہر شائع ہو گئی',
      message: `${typed('ur', draw.planName)}، گروپ نمبر ${draw.groupNumber} کی ${draw.period} کی قرعہ اندازی کی پیشگی مہر شائع ہو گئی ہے۔ اس کی پیشگی مہر (خفیہ نمبر کا SHA-256) یہ ہے: ${draw.commitment}۔ قرعہ اندازی میں شامل اراکین، قاعدے کی ترتیب سے: ${draw.entrants.join('، ')}۔ قرعہ اندازی ${from} سے ہو سکتی ہے۔ گروپ کے قرعہ اندازی ریکارڈ میں یہ سب موجود ہے، اور قرعہ اندازی کے بعد آپ وہاں فاتح کی جانچ کر سکتے ہیں۔`,
    },
  }[language];
}

/** A draw voided: why, and the seed it would have drawn with, so that anyone can check it too. */
export function drawVoidedNotice(language: Language, draw: { planName: string; groupNumber: string; period: string; cause: 'ADMIN' | 'INELIGIBLE'; reason: string | null; seed: string }): NoticeText {
  const why = {
    en: draw.cause === 'ADMIN' ? `The administrator voided it: ${draw.reason}` : 'The member it picked was no longer eligible when it was drawn.',
    ur: draw.cause === 'ADMIN' ? `منتظم نے اسے کالعدم کیا: ${typed('ur', draw.reason ?? '')}` : 'جس رکن کا نام نکلا وہ قرعہ اندازی کے وقت اہل نہیں رہا تھا۔',
  };
  return {
    en: { title: 'A draw is void', message: `The draw for ${draw.planName}, Group ${draw.groupNumber}, ${draw.period} is void. ${why.en} Its seed is now revealed: ${draw.seed}. The group's draw record shows it; a new draw will be committed.` },
    ur: {
      title: 'قرعہ اندازی کالعدم ہو گئی',
      message: `${typed('ur', draw.planName)}، گروپ نمبر ${draw.groupNumber} کی ${draw.period} کی قرعہ اندازی کالعدم ہو گئی ہے۔ ${why.ur} اس کا خفیہ نمبر اب ظاہر ہے: ${draw.seed}۔ گروپ کے قرعہ اندازی ریکارڈ میں یہ موجود ہے؛ نئی قرعہ اندازی کی پیشگی مہر شائع کی جائے گی۔`,
    },
  }[language];
}

export const winnerSubject: Both = { en: 'You were selected as this month’s winner', ur: 'آپ اس مہینے کے فاتح منتخب ہوئے ہیں' };
