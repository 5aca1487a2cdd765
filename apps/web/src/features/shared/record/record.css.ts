import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** RecordCommentForm: the field above, the send button at the end. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginBottom: vars.space.lg });

export const end = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
