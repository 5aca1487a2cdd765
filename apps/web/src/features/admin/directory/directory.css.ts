import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const cell = style({ textAlign: 'start', verticalAlign: 'top', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: 'anywhere' });

export const settings = style({ display: 'grid', gridTemplateColumns: 'minmax(10rem, max-content) 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

export const term = style({ color: vars.color.fgMuted });

export const definition = style({ margin: 0, overflowWrap: 'anywhere' });

export const counts = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', margin: `0 0 ${vars.space.md}` });

export const warning = style({ margin: `${vars.space.sm} 0`, color: vars.color.danger });
