import type { MatchImageSnapshotOptions } from 'jest-image-snapshot';

// jest's expect gains toMatchImageSnapshot (registered in test-runner.ts setup()).
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>> {
    toMatchImageSnapshot(options?: MatchImageSnapshotOptions): R;
  }
}
