// Minimal types for jest-image-snapshot (its @types package would pull @types/jest into the
// root node_modules, where TypeScript would load jest's globals into every workspace).
declare module 'jest-image-snapshot' {
  export interface MatchImageSnapshotOptions {
    customSnapshotsDir?: string;
    customSnapshotIdentifier?: string;
    customDiffDir?: string;
    comparisonMethod?: 'pixelmatch' | 'ssim';
    customDiffConfig?: Record<string, unknown>;
    failureThreshold?: number;
    failureThresholdType?: 'pixel' | 'percent';
  }
  export function toMatchImageSnapshot(
    this: unknown,
    received: unknown,
    options?: MatchImageSnapshotOptions,
  ): { pass: boolean; message(): string };
}
