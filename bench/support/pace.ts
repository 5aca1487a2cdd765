/**
 * Waits a random time between half and one and a half times `averageMs` (ms): a client's think
 * time between calls, or a writer's pause between changes, so many clients do not fall into step.
 */
export const pause = (averageMs: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, averageMs * (0.5 + Math.random())));
