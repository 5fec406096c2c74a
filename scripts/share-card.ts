/**
 * `node scripts/share-card.ts`: draws web/public/share-card.png, the 1200×630 picture a link to the
 * landing or registration page shows when it is shared (server/share-card.ts names it in their HTML).
 * The picture is kept in the repository, drawn once, so that a build does not depend on the fonts of the
 * machine it runs on. The colours are the light theme's (web/styles.css): the brand's emerald and gold.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
const colours = { primary: '#046c4e', primaryDeep: '#035a41', soft: '#e0f2ea', accent: '#e9b949', white: '#ffffff' };
const font = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours.primary}"/>
      <stop offset="1" stop-color="${colours.primaryDeep}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#ground)"/>
  <circle cx="1050" cy="120" r="260" fill="${colours.white}" fill-opacity="0.05"/>
  <circle cx="1120" cy="560" r="180" fill="${colours.white}" fill-opacity="0.04"/>
  <rect x="0" y="${HEIGHT - 14}" width="${WIDTH}" height="14" fill="${colours.accent}"/>
  <g transform="translate(96 110)">
    <rect width="120" height="120" rx="30" fill="${colours.white}" fill-opacity="0.12"/>
    <path d="M73 28a34 34 0 1 0 19 61.1A28.1 28.1 0 0 1 73 28z" fill="${colours.accent}"/>
  </g>
  <text x="96" y="350" font-family="${font}" font-size="84" font-weight="700" fill="${colours.white}">Umrah Committee</text>
  <text x="96" y="420" font-family="${font}" font-size="38" fill="${colours.soft}">Interest-free savings committees for Umrah</text>
  <text x="96" y="530" font-family="${font}" font-size="30" font-weight="700" fill="${colours.accent}">Save together, month by month · Shariah compliant</text>
</svg>`;

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'share-card.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`Wrote ${out}`);
