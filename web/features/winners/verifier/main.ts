/**
 * The standalone verifier page (verify-draw.html, built by web/build/verify-draw-page.ts into one file
 * with this script inside): a member chooses a downloaded draw record, and each draw in it is checked
 * here, on the device, by the published rule. It makes no request at all (the server sends it with
 * `connect-src 'none'`), so it works the same saved to the phone and opened offline. Its texts are
 * the app's (web/locales/{en,ur}/verify-draw.json), in the language chosen on the page.
 */
import en from '../../../locales/en/verify-draw.json';
import ur from '../../../locales/ur/verify-draw.json';
import { checkRecord, type CheckedDraw, type CheckedRecord } from './check-record.ts';

type Language = 'en' | 'ur';
type TextKey = Exclude<keyof typeof en, 'months'>;
const texts = { en, ur } as const;

let language: Language = navigator.language?.toLowerCase().startsWith('ur') ? 'ur' : 'en';
let shown: CheckedRecord | 'not-json' | 'not-a-record' | 'no-crypto' | null = null;

/** A text with its {{values}} put in. */
function say(key: TextKey, values: Record<string, string | number> = {}): string {
  return texts[language][key].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function drawSection(draw: CheckedDraw): HTMLElement {
  const section = element('section');
  section.append(element('h3', say('period', { month: texts[language].months[draw.month - 1] ?? String(draw.month), year: draw.year })));
  const verdict =
    draw.verdict === 'verified'
      ? draw.winner
        ? element('p', say('verified', { name: draw.winner.name, index: draw.winner.place }), 'ok')
        : element('p', say('voidVerified'), 'ok')
      : draw.verdict === 'not-drawn-yet'
        ? element('p', say('notDrawnYet'))
        : element('p', say('mismatch'), 'bad');
  section.append(verdict, element('p', say('entrants', { count: draw.entrants }), 'muted'));
  const commitment = element('p', `${say('commitment')}: `);
  commitment.append(element('code', draw.commitment));
  section.append(commitment);
  if (draw.seed) {
    const seed = element('p', `${say('seed')}: `);
    seed.append(element('code', draw.seed));
    section.append(seed);
  }
  return section;
}

function render() {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ur' ? 'rtl' : 'ltr';
  document.title = `${say('title')} – Umrah Committee`;
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = say(node.dataset.text as TextKey);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-language]')) button.setAttribute('aria-pressed', String(button.dataset.language === language));
  const results = document.getElementById('results')!;
  results.replaceChildren();
  if (shown === null) return;
  if (shown === 'not-json' || shown === 'not-a-record' || shown === 'no-crypto') {
    results.append(element('p', say(shown === 'not-json' ? 'notJson' : shown === 'no-crypto' ? 'noCrypto' : 'notARecord'), 'bad'));
    return;
  }
  results.append(element('h2', say('group', { plan: shown.plan, group: shown.group })));
  if (shown.draws.length === 0) results.append(element('p', say('noDraws')));
  for (const draw of shown.draws) results.append(drawSection(draw));
  if (shown.manualChoices > 0) results.append(element('p', say('manual'), 'muted'));
}

async function read(file: File) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    shown = 'not-json';
    return render();
  }
  // Web Crypto: present on https, on localhost and in a file opened from the device.
  if (!globalThis.crypto?.subtle) {
    shown = 'no-crypto';
    return render();
  }
  shown = await checkRecord(parsed);
  render();
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-language]')) {
  button.addEventListener('click', () => {
    language = button.dataset.language === 'ur' ? 'ur' : 'en';
    render();
  });
}
document.getElementById('record-file')!.addEventListener('change', (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file) void read(file);
});
render();
