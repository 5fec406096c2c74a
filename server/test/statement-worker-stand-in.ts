/**
 * Test-only: a stand-in for the statement pool's worker (server/instalments/statement-worker.ts), run by
 * a pool a test builds with it. It draws as the real one does, except the statements of two members:
 * HELD_MEMBER's waits until the test lets it go, so that the pool is full for as long as the test
 * needs; CRASHING_MEMBER's ends the thread at once, as a fatal error in drawing would.
 *
 * A held statement says so on HOLDING_CHANNEL once its thread listens on RELEASE_CHANNEL, so that a
 * release sent after that is never missed.
 */
import { BroadcastChannel } from 'node:worker_threads';
import drawStatement from '../instalments/statement-worker.ts';
import type { Statement } from '../instalments/statements.ts';

export const HELD_MEMBER = 'Held Statement';
export const CRASHING_MEMBER = 'Crashing Statement';
export const HOLDING_CHANNEL = 'statement-stand-in:holding';
export const RELEASE_CHANNEL = 'statement-stand-in:release';

function released(): Promise<void> {
  return new Promise((resolve) => {
    const release = new BroadcastChannel(RELEASE_CHANNEL);
    release.onmessage = () => {
      release.close();
      resolve();
    };
    const holding = new BroadcastChannel(HOLDING_CHANNEL);
    holding.postMessage('holding');
    holding.close();
  });
}

export default async function drawUnlessTold(statement: Statement): Promise<Uint8Array> {
  if (statement.member.name === CRASHING_MEMBER) process.exit(1);
  if (statement.member.name === HELD_MEMBER) await released();
  return drawStatement(statement);
}
