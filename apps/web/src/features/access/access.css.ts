import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** The big 403, as large and as quiet as the 404 page's code. */
export const code = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: 'clamp(4rem, 14vw, 7rem)',
  lineHeight: 1,
  fontWeight: 800,
  letterSpacing: '-0.04em',
  color: vars.color.primary,
});

export const back = style({
  display: 'inline-flex',
  marginTop: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryFg,
  fontWeight: 600,
  textDecoration: 'none',
  outline: 'none',
  selectors: { '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` } },
});
