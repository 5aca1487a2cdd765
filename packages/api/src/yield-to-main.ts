interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the event loop, so the work after `await yieldToMain()` runs in a
 * task of its own and the browser may paint or answer a tap in between (issue #19: on a phone every
 * task over 50 ms counts towards Total Blocking Time). Uses `scheduler.yield()` where the browser has
 * it (Chromium: the continuation goes ahead of other queued tasks), else a MessageChannel message
 * (a task, not a microtask; unlike `setTimeout` it is neither clamped to 4 ms nor held back by a
 * test's fake timers). Never rejects.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
