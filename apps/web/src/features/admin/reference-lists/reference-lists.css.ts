import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

export const kindCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const description = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm, flexGrow: 1 });

export const cardActions = style({ marginTop: vars.space.sm });
