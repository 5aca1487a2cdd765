import { style } from '@vanilla-extract/css';
import { vars } from '@servicedesk/ui/theme';

/** RecordCommentForm and the attachment form: the field above, the button at the end. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginBottom: vars.space.lg });

export const end = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });

/** A timeline entry's text (a comment, the notes of a step): kept as typed, long words wrap. */
export const timelineText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The row of a record's action buttons. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const muted = style({ color: vars.color.fgMuted, margin: 0 });
