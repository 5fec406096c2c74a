/**
 * The operator's ticks against the bank statement: kept in this browser only (localStorage), one list
 * per account and period, each tick with the payment's amount in paisa so that the ticked total is
 * known across pages.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { fromPaisa, toPaisa } from '../../../../contract/money.ts';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage-keys.ts';

export const ticksKey = (bankAccountId: string, period: string) => `reconciliation-ticks:${bankAccountId}:${period}`;

type Ticks = Record<string, number>;
const NONE: Ticks = {};

function readTicks(key: string): Ticks {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1])));
  } catch {
    return {};
  }
}

// One snapshot per key while its text is unchanged, as useSyncExternalStore wants.
const snapshots = new Map<string, { text: string | null; ticks: Ticks }>();
const listeners = new Set<() => void>();

function snapshotOf(key: string): Ticks {
  const text = readStorage(key);
  const known = snapshots.get(key);
  if (known && known.text === text) return known.ticks;
  const ticks = readTicks(key);
  snapshots.set(key, { text, ticks });
  return ticks;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab ticking the same period.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const changed = () => listeners.forEach((listener) => listener());

/** The ticks of one account and period, with the count and the ticked money. */
export function useTicks(bankAccountId: string, period: string) {
  const key = ticksKey(bankAccountId, period);
  const ticks = useSyncExternalStore(subscribe, () => snapshotOf(key), () => NONE);
  const toggle = useCallback(
    (id: string, amount: number, ticked: boolean) => {
      const next = { ...readTicks(key) };
      if (ticked) next[id] = toPaisa(amount);
      else delete next[id];
      if (Object.keys(next).length) writeStorage(key, JSON.stringify(next));
      else removeStorage(key);
      changed();
    },
    [key],
  );
  const clear = useCallback(() => {
    removeStorage(key);
    changed();
  }, [key]);
  const ids = Object.keys(ticks);
  return { isTicked: (id: string) => id in ticks, count: ids.length, amount: fromPaisa(ids.reduce((sum, id) => sum + ticks[id], 0)), toggle, clear };
}
