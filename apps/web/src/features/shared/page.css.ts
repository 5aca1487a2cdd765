import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';
import { headingRule, leadRule, pageRule } from './page-frame';

export const page = style(pageRule);

export const heading = style(headingRule);

export const lead = style(leadRule);

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
});

export const card = style({
  background: vars.color.surface,
  color: vars.color.fg,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
  border: `1px solid color-mix(in srgb, ${vars.color.border} 25%, transparent)`,
});

export const cardTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.lg });

export const statLabel = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const statValue = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.xxl, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const statText = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.lg, fontWeight: 600 });

export const muted = style({ color: vars.color.fgMuted });

export const centered = style({ textAlign: 'center', padding: `${vars.space.xl} ${vars.space.md}` });

export const bigIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 64,
  height: 64,
  borderRadius: vars.radius.full,
  background: `color-mix(in srgb, ${vars.color.primary} 14%, ${vars.color.surface})`,
  color: vars.color.primary,
  marginBottom: vars.space.md,
});

/** What a list shows while its grid's code loads (AppDataTable): the room of a few rows. */
export const tablePlaceholder = style({ minHeight: '16rem' });
