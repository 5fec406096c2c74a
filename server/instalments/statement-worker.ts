/**
 * A thread of the statement pool (statement-pool.ts): draws one statement's PDF from its data, read by
 * the main thread, and hands back the file's bytes (copied to the main thread: tens of kilobytes).
 * Drawing takes a whole statement's shaping off the event loop; what is expensive to set up (the Urdu
 * fonts, the widths of the statement's words) is kept by the drawing modules from one statement to the
 * next, for as long as the thread lives.
 */
import { statementPdf, type Statement } from './statements.ts';

export default async function drawStatement(statement: Statement): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of statementPdf(statement)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
