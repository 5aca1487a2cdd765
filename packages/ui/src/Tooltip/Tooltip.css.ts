import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const tooltip = style({
  maxWidth: '20rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.fg,
  color: vars.color.bg,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.md,
  overflowWrap: 'anywhere',
});
