import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.xl, color: vars.color.fg });

export const subtitle = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const actions = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });

export const link = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible], &:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` } },
});

export const note = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

const banner = {
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  borderLeft: '4px solid',
} as const;

export const error = style({ ...banner, color: vars.color.danger, background: `color-mix(in srgb, ${vars.color.danger} 10%, ${vars.color.surface})` });

export const info = style({ ...banner, color: vars.color.fg, borderColor: vars.color.info, background: `color-mix(in srgb, ${vars.color.info} 10%, ${vars.color.surface})` });

export const success = style({ ...banner, color: vars.color.fg, borderColor: vars.color.success, background: `color-mix(in srgb, ${vars.color.success} 12%, ${vars.color.surface})` });

export const spinnerRow = style({ display: 'flex', justifyContent: 'center' });

export const fullWidth = style({ width: '100%', justifyContent: 'center' });
