/**
 * Urdu's texts and font, reached only through lib/i18n.ts loadUrdu: a chunk of its own, so that the
 * first load of an English reader carries neither these loaders nor what they load.
 */
const urduShared = () => import('../locales/ur.json');
const urduAreas = import.meta.glob<object>('../locales/ur/*.json', { import: 'default' });
/** Regular and bold Nastaliq, Arabic script only (digits and Latin keep the system face); shown with font-display: swap. */
const urduFont = () => Promise.all([import('@fontsource/noto-nastaliq-urdu/arabic-400.css'), import('@fontsource/noto-nastaliq-urdu/arabic-700.css')]);

/** The server's texts in English: the key to its messages' codes (lib/i18n.ts textOfFieldMessage). */
const englishServerTexts = () => import('../locales/en/server-text.json');

/**
 * Every Urdu text: the shared catalogue as 'shared', then each area file by its name ('admin-payments');
 * and the server's English texts.
 */
export async function loadUrduTexts(): Promise<{ urdu: [string, object][]; englishServerTexts: object }> {
  // The font may fail to load (offline): the text is then shown in the system's Urdu font.
  const font = urduFont().catch(() => undefined);
  const english = englishServerTexts();
  const urdu = await Promise.all([
    urduShared().then((module): [string, object] => ['shared', module.default]),
    ...Object.entries(urduAreas).map(async ([file, load]): Promise<[string, object]> => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), await load()]),
  ]);
  const { default: serverTexts } = await english;
  await font;
  return { urdu, englishServerTexts: serverTexts };
}
