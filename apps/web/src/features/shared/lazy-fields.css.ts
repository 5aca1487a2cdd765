import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** A lazily loaded field's placeholder (lazy-fields.tsx): label above, box below, like a field. */
export const placeholder = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: '12rem' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.fg });
