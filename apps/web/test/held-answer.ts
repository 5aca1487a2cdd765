/**
 * An answer a test holds back: a mock handler awaits `held` and the test calls `release()` once it
 * has seen the state it waits for (a spinner, the rest of the page settled) — the wait is for that
 * state, not for a time. `release()` may be called more than once.
 */
export function holdAnswer(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
