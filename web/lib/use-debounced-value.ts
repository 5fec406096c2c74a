import { useEffect, useState } from 'react';

/**
 * A value that has stayed the same for `delayMs`: what is typed into a search box, sent to the server
 * once the typing pauses rather than at every key.
 */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
