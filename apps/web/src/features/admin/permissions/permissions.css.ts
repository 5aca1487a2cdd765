import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const fields = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))', alignItems: 'start' });

export const result = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const verdict = style({ margin: `0 0 ${vars.space.md}`, display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap', fontSize: vars.fontSize.lg });

export const rule = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 600 });
