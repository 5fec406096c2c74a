/**
 * Every English text has its Urdu text: the shared catalogue (en.json ↔ ur.json) and each area file
 * (en/<area>.json ↔ ur/<area>.json, found by listing the folder, so that a new area is checked as soon
 * as it exists). For each pair: the same key paths (no key missing in Urdu, none that English lacks;
 * the order does not matter), every Urdu text a non-empty string, the same placeholders ({{name}},
 * $t(…) nesting, <0>…</0> and <strong> tags) as many times each, and both plural forms where English
 * has them. Each check names every offending key with its file, so one run lists all there is to do.
 * The area files are also the ones web/lib/i18n.ts knows where to place (areaPlacement).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaPlacement } from './i18n.ts';

// The tests run from the project's root (vitest.config.ts).
const localesDir = path.join(process.cwd(), 'web', 'locales');
const relative = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Loaded = { texts: Json } | { problem: string };

function load(file: string): Loaded {
  if (!fs.existsSync(file)) return { problem: `${relative(file)}: file missing` };
  try {
    return { texts: JSON.parse(fs.readFileSync(file, 'utf8')) as Json };
  } catch (error) {
    return { problem: `${relative(file)}: not valid JSON (${(error as Error).message})` };
  }
}

/** Every leaf of a catalogue by its key path (a.b.c); arrays by index. */
function leaves(texts: Json, prefix = ''): Map<string, Json> {
  const found = new Map<string, Json>();
  if (texts !== null && typeof texts === 'object') {
    for (const [key, value] of Object.entries(texts)) {
      const keyPath = prefix ? `${prefix}.${key}` : key;
      for (const [leafPath, leaf] of leaves(value, keyPath)) found.set(leafPath, leaf);
    }
  } else {
    found.set(prefix, texts);
  }
  return found;
}

/** Interpolations ({{name}}, {{count, number}}), nestings ($t(key)) and tags (<0>, </0>, <strong>, <br/>), sorted. */
function placeholders(text: string): string[] {
  const interpolations = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => `{{${match[1]}}}`);
  const nestings = [...text.matchAll(/\$t\([^)]*\)/g)].map((match) => match[0]);
  const tags = [...text.matchAll(/<\s*(\/?)\s*([A-Za-z0-9]+)\s*(\/?)\s*>/g)].map((match) => `<${match[1]}${match[2]}${match[3]}>`);
  return [...interpolations, ...nestings, ...tags].sort();
}

/** What is wrong with the Urdu file of one English file, each problem naming its file and key path. */
function compare(englishFile: string, urduFile: string): string[] {
  const english = load(englishFile);
  if ('problem' in english) return [english.problem];
  const urdu = load(urduFile);
  if ('problem' in urdu) return [`${urdu.problem} (the Urdu texts of ${relative(englishFile)})`];

  const file = relative(urduFile);
  const englishLeaves = leaves(english.texts);
  const urduLeaves = leaves(urdu.texts);
  const problems: string[] = [];

  // Plural forms: where English has x_one and x_other, Urdu (whose forms are one and other too) has both.
  const pluralForms = new Set<string>();
  for (const keyPath of englishLeaves.keys()) {
    if (!keyPath.endsWith('_one')) continue;
    const base = keyPath.slice(0, -'_one'.length);
    if (!englishLeaves.has(`${base}_other`)) continue;
    const missing = ['_one', '_other'].filter((form) => !urduLeaves.has(`${base}${form}`));
    if (missing.length > 0) problems.push(`${file}: ${base} lacks the plural form${missing.length > 1 ? 's' : ''} ${missing.map((form) => base + form).join(', ')}`);
    pluralForms.add(`${base}_one`).add(`${base}_other`);
  }

  for (const [keyPath, englishText] of englishLeaves) {
    if (!urduLeaves.has(keyPath)) {
      // A missing plural form is already named above.
      if (!pluralForms.has(keyPath)) problems.push(`${file}: ${keyPath} missing`);
      continue;
    }
    const urduText = urduLeaves.get(keyPath);
    if (typeof urduText !== 'string' || urduText.trim() === '') {
      problems.push(`${file}: ${keyPath} is not a non-empty text (${JSON.stringify(urduText)})`);
      continue;
    }
    if (typeof englishText !== 'string') continue;
    const expected = placeholders(englishText);
    const actual = placeholders(urduText);
    if (expected.join(' ') !== actual.join(' ')) {
      problems.push(`${file}: ${keyPath} has placeholders [${actual.join(' ')}], English has [${expected.join(' ')}]`);
    }
  }
  for (const keyPath of urduLeaves.keys()) {
    if (!englishLeaves.has(keyPath)) problems.push(`${file}: ${keyPath} is not in ${relative(englishFile)}`);
  }
  return problems;
}

const areaFiles = fs
  .readdirSync(path.join(localesDir, 'en'))
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('the Urdu catalogue', () => {
  it('has every text of en.json in ur.json', () => {
    expect(compare(path.join(localesDir, 'en.json'), path.join(localesDir, 'ur.json'))).toEqual([]);
  });

  it('finds the English area files', () => {
    expect(areaFiles.length).toBeGreaterThan(0);
  });

  for (const name of areaFiles) {
    it(`has every text of en/${name} in ur/${name}`, () => {
      expect(compare(path.join(localesDir, 'en', name), path.join(localesDir, 'ur', name))).toEqual([]);
    });
  }

  it('has no Urdu area file without its English file', () => {
    const urduDir = path.join(localesDir, 'ur');
    const urduFiles = fs.existsSync(urduDir) ? fs.readdirSync(urduDir).filter((name) => name.endsWith('.json')) : [];
    const orphans = urduFiles.filter((name) => !areaFiles.includes(name)).map((name) => `web/locales/ur/${name}: no web/locales/en/${name}`);
    expect(orphans).toEqual([]);
  });
});

describe('the area files', () => {
  it('each have their place in areaPlacement (web/lib/i18n.ts), and each place its file', () => {
    const areas = areaFiles.map((name) => name.slice(0, -'.json'.length));
    const placed = Object.keys(areaPlacement);
    const problems = [
      ...areas.filter((area) => !placed.includes(area)).map((area) => `web/locales/en/${area}.json has no entry in areaPlacement`),
      ...placed.filter((area) => !areas.includes(area)).map((area) => `areaPlacement.${area} has no web/locales/en/${area}.json`),
    ];
    expect(problems).toEqual([]);
  });
});
