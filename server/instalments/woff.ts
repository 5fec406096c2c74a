/**
 * A WOFF 1.0 font (https://www.w3.org/TR/WOFF/) turned back into the plain TrueType/OpenType file
 * (sfnt) it was made from. fontkit reads a WOFF file's tables by inflating them on every read, and it
 * reads the glyph table once for every glyph it draws or embeds: an Urdu statement spent most of its
 * time inflating the same bytes again (docs/performance-history.md, "Statements"). The plain file is read in
 * place. Each table is checked against the checksum the WOFF file carries, so that a decoding mistake
 * fails here rather than drawing wrong glyphs.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_RECORD_BYTES = 16;
/** The head table's checkSumAdjustment, left out of the head table's own checksum. */
const HEAD_ADJUSTMENT_OFFSET = 8;

type WoffTable = { tag: string; offset: number; compressedLength: number; length: number; checksum: number };

const padded = (length: number) => (length + 3) & ~3;

/** The OpenType table checksum: the sum of the table's big-endian 32-bit words, zero-padded. */
function tableChecksum(data: Buffer, tag: string): number {
  const words = Buffer.alloc(padded(data.length));
  data.copy(words);
  if (tag === 'head') words.writeUInt32BE(0, HEAD_ADJUSTMENT_OFFSET);
  let sum = 0;
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + words.readUInt32BE(offset)) >>> 0;
  return sum;
}

export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER_BYTES || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const tableCount = woff.readUInt16BE(12);
  const tables: WoffTable[] = [];
  for (let i = 0; i < tableCount; i++) {
    const entry = WOFF_HEADER_BYTES + i * WOFF_ENTRY_BYTES;
    tables.push({
      tag: woff.toString('latin1', entry, entry + 4),
      offset: woff.readUInt32BE(entry + 4),
      compressedLength: woff.readUInt32BE(entry + 8),
      length: woff.readUInt32BE(entry + 12),
      checksum: woff.readUInt32BE(entry + 16),
    });
  }
  // The sfnt's table records are sorted by tag, as WOFF's directory is by its specification.
  tables.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));

  const data = tables.map((table) => {
    const stored = woff.subarray(table.offset, table.offset + table.compressedLength);
    // A table is stored compressed only when that makes it smaller (zlib format).
    const plain = table.compressedLength < table.length ? inflateSync(stored) : stored;
    if (plain.length !== table.length) throw new Error(`WOFF table ${table.tag}: ${plain.length} bytes, ${table.length} expected`);
    if (tableChecksum(plain, table.tag) !== table.checksum) throw new Error(`WOFF table ${table.tag}: checksum does not match`);
    return plain;
  });

  const searchPower = 2 ** Math.floor(Math.log2(tableCount));
  let offset = SFNT_HEADER_BYTES + tableCount * SFNT_RECORD_BYTES;
  const sfnt = Buffer.alloc(offset + data.reduce((sum, table) => sum + padded(table.length), 0));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(searchPower * 16, 6);
  sfnt.writeUInt16BE(Math.log2(searchPower), 8);
  sfnt.writeUInt16BE(tableCount * 16 - searchPower * 16, 10);
  tables.forEach((table, i) => {
    const record = SFNT_HEADER_BYTES + i * SFNT_RECORD_BYTES;
    sfnt.write(table.tag, record, 'latin1');
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.length, record + 12);
    data[i].copy(sfnt, offset);
    offset += padded(table.length);
  });
  return sfnt;
}
