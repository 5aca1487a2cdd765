import type { Decorator } from '@storybook/react-vite';

/**
 * A story decorator that renders the story in a box `width` px wide (default 320 — a small phone's
 * viewport), for stories about how a component behaves when it has less room than its content.
 */
export function inNarrowBox(width = 320): Decorator {
  function NarrowBox(Story: Parameters<Decorator>[0]) {
    return (
      <div style={{ width }}>
        <Story />
      </div>
    );
  }
  return NarrowBox;
}
