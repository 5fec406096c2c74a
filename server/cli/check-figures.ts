/**
 * `npm run check-figures`: compares every kept figure (docs/kept-figures.md) with its recomputation from
 * the rows, on the configured database (DATA_DIR's embedded one, or DATABASE_URL's), and prints each key
 * that differs. Exits 0 when every figure is right and 1 when one is not (or the database cannot be
 * read). It only reads; on the embedded database, stop the server first.
 */
import { DataDirectoryInUseError } from '../db/database.ts';
import { findKeptFigureDifferences } from '../db/kept-figures.ts';
import { connectDatabase } from '../runtime.ts';
import { fail, loadCommandConfig, oneLine, readArguments } from './command.ts';

readArguments('Usage: npm run check-figures', { options: { help: { type: 'boolean' } } });
const config = loadCommandConfig();
const db = await connectDatabase(config).catch((error: unknown) =>
  fail(error instanceof DataDirectoryInUseError ? error.message : `The database could not be opened: ${oneLine(error)}`),
);
let differences;
try {
  differences = await findKeptFigureDifferences(db).catch((error: unknown) => fail(`The figures could not be read: ${oneLine(error)}`));
} finally {
  await db.close();
}
if (differences.length === 0) {
  console.log('Every kept figure equals its recomputation from the rows.');
} else {
  console.log(`${differences.length === 1 ? '1 kept figure differs' : `${differences.length} kept figures differ`} from the rows:`);
  for (const difference of differences) console.log(`  ${difference.check}: ${difference.key}`);
  process.exitCode = 1;
}
