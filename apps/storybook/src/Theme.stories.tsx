import { darkTokens, lightTokens, vars } from '@servicedesk/ui/theme';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

/** Text colours and the surfaces they are used on; each pair is shown as text so axe checks it. */
const textColours = ['fg', 'fgMuted', 'primary', 'danger', 'success', 'warning', 'info'] as const;
const surfaces = ['bg', 'surface', 'surfaceRaised'] as const;

function ThemeTokens() {
  return (
    <div style={{ display: 'grid', gap: vars.space.lg }}>
      {surfaces.map((surface) => (
        <section
          key={surface}
          aria-label={`Text on color.${surface}`}
          style={{
            background: vars.color[surface],
            border: `1px solid ${vars.color.border}`,
            borderRadius: vars.radius.md,
            padding: vars.space.md,
            display: 'flex',
            flexWrap: 'wrap',
            gap: vars.space.md,
          }}
        >
          <strong style={{ color: vars.color.fg, width: '100%' }}>color.{surface}</strong>
          {textColours.map((fg) => (
            <span key={fg} style={{ color: vars.color[fg] }}>
              color.{fg}
            </span>
          ))}
        </section>
      ))}
      <section aria-label="Filled colours" style={{ display: 'flex', gap: vars.space.md }}>
        <span
          style={{
            background: vars.color.primary,
            color: vars.color.primaryFg,
            padding: vars.space.sm,
            borderRadius: vars.radius.sm,
          }}
        >
          primaryFg on primary
        </span>
        <span
          style={{
            background: vars.color.danger,
            color: vars.color.dangerFg,
            padding: vars.space.sm,
            borderRadius: vars.radius.sm,
          }}
        >
          dangerFg on danger
        </span>
      </section>
      <section
        aria-label="Spacing and radii"
        style={{
          display: 'flex',
          gap: vars.space.md,
          alignItems: 'flex-end',
          color: vars.color.fg,
        }}
      >
        {(Object.keys(lightTokens.space) as (keyof typeof lightTokens.space)[]).map((k) => (
          <span key={k} style={{ display: 'grid', justifyItems: 'center', gap: vars.space.xs }}>
            <span
              style={{
                width: vars.space[k],
                height: vars.space[k],
                background: vars.color.primary,
              }}
            />
            space.{k}
          </span>
        ))}
      </section>
    </div>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: ThemeTokens,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'The theme contract `vars` from `@servicedesk/ui/theme`. Switch light/dark in the toolbar: the test-runner runs axe on every story in both themes, so every pair shown here is contrast-checked.',
      },
    },
  },
} satisfies Meta<typeof ThemeTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('color.fgMuted')).toHaveLength(3);
    // The theme follows data-theme on <html>: switching it changes the resolved colours.
    const fg = () => getComputedStyle(canvas.getAllByText('color.fg')[0]!).color;
    const root = document.documentElement;
    const before = root.dataset.theme;
    root.dataset.theme = 'light';
    const light = fg();
    root.dataset.theme = 'dark';
    const dark = fg();
    root.dataset.theme = before;
    await expect(light).toBe(hexToRgb(lightTokens.color.fg));
    await expect(dark).toBe(hexToRgb(darkTokens.color.fg));
  },
};

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
