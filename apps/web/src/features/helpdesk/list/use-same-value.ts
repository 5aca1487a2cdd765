import { useState } from 'react';

/** `value`, or the previous one while it is equal in content (a query body: plain JSON). */
export function useSameValue<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept !== value && JSON.stringify(kept) !== JSON.stringify(value)) {
    setKept(value);
    return value;
  }
  return kept;
}
