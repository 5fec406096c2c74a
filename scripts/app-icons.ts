/**
 * `node scripts/app-icons.ts`: draws the installed app's icons into web/public/icons/ (the web app
 * manifest names them, vite.config.ts): the favicon's crescent on the brand's emerald, 192 and 512
 * pixels square, each also as a maskable icon (the crescent inside the middle 80%, where a launcher's
 * mask never cuts), and the small one-colour badge a notification shows in a phone's status bar.
 * Kept in the repository, drawn once, as share-card.png is (scripts/share-card.ts). The colours are
 * the light theme's (web/styles.css).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const colours = { primary: '#046c4e', accent: '#e9b949', white: '#ffffff' };
/** The favicon's crescent (web/public/favicon.svg), drawn on a 32-unit square. */
const CRESCENT = 'M19.5 7.5a9 9 0 1 0 5 16.3A7.5 7.5 0 0 1 19.5 7.5z';

/** The crescent on the emerald: rounded corners as the favicon's for a plain icon, full bleed for a maskable one. */
function iconSvg(size: number, maskable: boolean): string {
  // A maskable icon's safe zone is a circle of 40% of its size around the middle: the crescent is
  // drawn smaller there, its ground filling the square.
  const scale = maskable ? 0.7 : 1;
  const offset = (32 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" ${maskable ? '' : 'rx="8"'} fill="${colours.primary}"/>
  <path transform="translate(${offset} ${offset}) scale(${scale})" d="${CRESCENT}" fill="${colours.accent}"/>
</svg>`;
}

/** A badge is shown as a mask (its alpha only): a white crescent on nothing. */
function badgeSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="4 4 24 24">
  <path d="${CRESCENT}" fill="${colours.white}"/>
</svg>`;
}

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'icons');
fs.mkdirSync(outDir, { recursive: true });
const pictures: [file: string, svg: string][] = [
  ['icon-192.png', iconSvg(192, false)],
  ['icon-512.png', iconSvg(512, false)],
  ['maskable-192.png', iconSvg(192, true)],
  ['maskable-512.png', iconSvg(512, true)],
  ['badge-96.png', badgeSvg(96)],
];
for (const [file, svg] of pictures) {
  const out = path.join(outDir, file);
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(out);
  console.log(`Wrote ${out}`);
}
