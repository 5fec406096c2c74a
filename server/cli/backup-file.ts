/**
 * The embedded database's backup file (npm run backup, npm run restore): a gzipped tar, which any
 * `tar -tzf` lists, of
 *
 *   umrah-backup.json   what the file holds (BackupManifest); first, so that another file is refused at once
 *   database.tar        PGlite's dump of its data directory (dumpDataDir), as openPglite(dir, dump) loads it
 *   receipts/<key>      every receipt file of DATA_DIR/receipts, as stored, with its time
 *
 * Reading checks the whole file (gzip's checksum, the tar's headers, the dump's SHA-256, the receipts'
 * count and bytes) before a caller acts on it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarReader, pack as tarWriter, type Pack } from 'tar-stream';
import { z } from 'zod';
import { RECEIPT_KEY } from '../receipts/receipt-storage.ts';

const MANIFEST_ENTRY = 'umrah-backup.json';
const DATABASE_ENTRY = 'database.tar';
const RECEIPTS_FOLDER = 'receipts/';
/** A manifest is a few hundred bytes plus the migrations' names; anything far larger is not one. */
const MANIFEST_MAX_BYTES = 1_000_000;
const FORMAT = 'umrah-committee backup';
const VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  database: z.object({ bytes: z.number().int().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), migrations: z.array(z.string()) }),
  receipts: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** What backup and restore say when the database is a PostgreSQL server's, which has tools of its own. */
export const POSTGRES_BACKUPS =
  'DATABASE_URL is set: PostgreSQL is backed up with pg_dump and restored with pg_restore or psql (docs/deploy.md, "Backups"); these commands are for the embedded database under DATA_DIR.';

/** The file is not a backup, is damaged, or cannot be read; the message says which, in one line. */
export class BackupFileError extends Error {}

/** A moment as a name part that sorts as it reads: 20261128T101500Z (UTC). */
export function timestampForName(at = new Date()): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** The receipt files of a folder, by the names a receipt store makes (anything else there is not a receipt). */
function receiptFilesOf(receiptsDir: string): string[] {
  if (!fs.existsSync(receiptsDir)) return [];
  return fs
    .readdirSync(receiptsDir)
    .filter((name) => RECEIPT_KEY.test(name))
    .sort();
}

function addEntry(pack: Pack, header: { name: string; mode: number; mtime?: Date }, data: Buffer): Promise<void> {
  // The callback comes once the pack has taken the bytes: one receipt at a time is held in memory.
  return new Promise((resolve, reject) => pack.entry(header, data, (error) => (error ? reject(error) : resolve())));
}

/**
 * Writes a backup to `target`: under a temporary name beside it, flushed to the disk, then renamed, so
 * that a file with the final name is always whole. Never replaces an existing file.
 */
export async function writeBackup(target: string, contents: { database: Buffer; migrations: string[]; receiptsDir: string }): Promise<BackupManifest> {
  const receipts = receiptFilesOf(contents.receiptsDir);
  const partial = `${target}.partial-${process.pid}`;
  const pack = tarWriter();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
  try {
    // The manifest goes first, so the receipts are measured before they are written (and checked against it as they are).
    const sizes = receipts.map((name) => fs.statSync(path.join(contents.receiptsDir, name)).size);
    const receiptBytes = sizes.reduce((sum, size) => sum + size, 0);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database: { bytes: contents.database.length, sha256: createHash('sha256').update(contents.database).digest('hex'), migrations: contents.migrations },
      receipts: { count: receipts.length, bytes: receiptBytes },
    };
    await addEntry(pack, { name: MANIFEST_ENTRY, mode: 0o600 }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await addEntry(pack, { name: DATABASE_ENTRY, mode: 0o600 }, contents.database);
    for (const [index, name] of receipts.entries()) {
      const file = path.join(contents.receiptsDir, name);
      const data = fs.readFileSync(file);
      // Receipts are never rewritten (random names, written once); a size that changed means the folder is not this product's alone.
      if (data.length !== sizes[index]) throw new Error(`the receipt file ${file} changed while it was read`);
      await addEntry(pack, { name: `${RECEIPTS_FOLDER}${name}`, mode: 0o600, mtime: fs.statSync(file).mtime }, data);
    }
    pack.finalize();
    await written;
    if (fs.existsSync(target)) throw new Error(`${target} exists already`);
    fs.renameSync(partial, target);
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** An entry's bytes (tar-stream yields Uint8Array chunks); `limit` bounds the description's. */
async function readAll(entry: AsyncIterable<unknown>, limit = Infinity): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw new BackupFileError(`its ${MANIFEST_ENTRY} is larger than a backup's description (${limit} bytes)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The reason a gzip or tar reader gave, in the operator's words where they are known. */
function readerReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'Z_DATA_ERROR') return 'it is not gzip-compressed, or its compressed bytes are corrupt';
  if (code === 'Z_BUF_ERROR') return 'it is cut short (an incomplete copy?)';
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end of data/i.test(message)) return 'its archive is cut short (an incomplete copy?)';
  if (/invalid tar header/i.test(message)) return 'it is not a tar archive';
  return message;
}

type ReadOptions = {
  /** Return the PGlite dump (held in memory), or only check it. */
  keepDatabase: boolean;
  onReceipt?: (key: string, data: Buffer, storedAt: Date) => Promise<void> | void;
};

/**
 * Reads and checks a whole backup file. Each receipt is handed to onReceipt as it is read (the file is
 * only trusted once this resolves: a caller that wrote them somewhere removes them when it rejects).
 * Rejects with BackupFileError when the file is not a backup, is damaged or cannot be read.
 */
export async function readBackup(file: string, options: ReadOptions & { keepDatabase: true }): Promise<{ manifest: BackupManifest; database: Buffer }>;
export async function readBackup(file: string, options: ReadOptions & { keepDatabase: false }): Promise<{ manifest: BackupManifest }>;
export async function readBackup(file: string, options: ReadOptions): Promise<{ manifest: BackupManifest; database?: Buffer }> {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    if (!fs.statSync(file).isFile()) throw new BackupFileError(`${file} is not a file`);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} cannot be read: ${(error as Error).message}.`);
  }
  const extract = tarReader();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract);
  // Its failure is the loop's (the extract ends with it); awaited below for the reason.
  reading.catch(() => {});
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  let databaseSeen = false;
  const receipts = new Set<string>();
  let receiptBytes = 0;
  const notABackup = (reason: string) => new BackupFileError(`${file} is not a backup made by npm run backup: ${reason}.`);
  const damaged = (reason: string) => new BackupFileError(`${file} is damaged: ${reason}.`);
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY || type !== 'file') throw notABackup(`its first entry is ${name}, not ${MANIFEST_ENTRY}`);
        let parsed;
        try {
          parsed = manifestSchema.safeParse(JSON.parse((await readAll(entry, MANIFEST_MAX_BYTES)).toString('utf8')));
        } catch (error) {
          throw notABackup(`its ${MANIFEST_ENTRY} is not JSON (${(error as Error).message})`);
        }
        if (!parsed.success) throw notABackup(`its ${MANIFEST_ENTRY} is not a backup's description`);
        if (parsed.data.version !== VERSION) {
          throw notABackup(`it is of format version ${parsed.data.version}, and this release reads version ${VERSION}: restore it with the release that made it`);
        }
        manifest = parsed.data;
      } else if (name === DATABASE_ENTRY && type === 'file' && !databaseSeen) {
        databaseSeen = true;
        const data = await readAll(entry);
        if (data.length !== manifest.database.bytes || createHash('sha256').update(data).digest('hex') !== manifest.database.sha256) {
          throw damaged('its database differs from the one that was written (its SHA-256 or size)');
        }
        if (options.keepDatabase) database = data;
      } else if (name.startsWith(RECEIPTS_FOLDER) && RECEIPT_KEY.test(name.slice(RECEIPTS_FOLDER.length)) && type === 'file' && !receipts.has(name)) {
        const key = name.slice(RECEIPTS_FOLDER.length);
        receipts.add(name);
        const data = await readAll(entry);
        if (data.length !== size) throw damaged(`its receipt ${key} is incomplete`);
        receiptBytes += data.length;
        await options.onReceipt?.(key, data, entry.header.mtime);
      } else {
        throw notABackup(`it holds ${name}, which a backup does not`);
      }
    }
    await reading;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} is damaged, or not a backup: ${readerReason(error)}.`);
  }
  if (!manifest) throw notABackup('it is empty');
  if (!databaseSeen) throw damaged(`it lacks its database (${DATABASE_ENTRY})`);
  if (receipts.size !== manifest.receipts.count || receiptBytes !== manifest.receipts.bytes) {
    throw damaged(`it holds ${receipts.size} receipt files of ${receiptBytes} bytes, and ${manifest.receipts.count} of ${manifest.receipts.bytes} bytes are described`);
  }
  return { manifest, database };
}
