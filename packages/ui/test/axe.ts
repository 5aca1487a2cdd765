import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on `container` (default: the whole document) and fails the test with a readable
 * list of violations. jsdom computes no layout or colours, so colour-contrast is left to the
 * Storybook test-runner, which runs axe in a real Chromium in both themes.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  if (summary.length > 0) throw new Error(`axe violations:\n${summary.join('\n')}`);
  expect(result.violations).toHaveLength(0);
}
