import { useEffect, useState } from 'react';

/**
 * `value` once it stopped changing for `ms` milliseconds (a list's search box: the server is
 * asked when the user paused typing, not at every key). The first render returns `value` itself.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
