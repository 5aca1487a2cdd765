import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const list = recipe(
  {
    base: {
      listStyle: 'none',
      margin: 0,
      padding: 0,
      color: vars.color.fg,
      display: 'flex',
      flexDirection: 'column',
    },
    variants: {
      variant: { full: { gap: vars.space.sm }, compact: { gap: vars.space.xs } },
    },
    defaultVariants: { variant: 'full' },
  },
  'ApprovalTimeline',
);

/** One step: the marker, then its body; a line joins the markers. */
export const step = recipe(
  {
    base: {
      position: 'relative',
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      columnGap: vars.space.sm,
      borderRadius: vars.radius.md,
      border: '2px solid transparent',
      selectors: {
        '&:not(:last-child)::before': {
          content: '""',
          position: 'absolute',
          insetInlineStart: `calc(${vars.space.sm} + 11px)`,
          top: `calc(${vars.space.sm} + 26px)`,
          bottom: `calc(-1 * ${vars.space.sm})`,
          width: 2,
          background: vars.color.border,
        },
      },
    },
    variants: {
      variant: {
        full: { padding: vars.space.sm },
        compact: { padding: `${vars.space.xs} ${vars.space.sm}` },
      },
      current: {
        true: {
          borderColor: vars.color.warning,
          background: vars.color.surfaceRaised,
          boxShadow: vars.shadow.sm,
        },
        false: {},
      },
    },
    defaultVariants: { variant: 'full', current: false },
  },
  'ApprovalStep',
);

/** The round state marker at the start of a step. */
export const marker = recipe(
  {
    base: {
      position: 'relative',
      zIndex: 1,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 24,
      height: 24,
      borderRadius: vars.radius.full,
      border: '2px solid currentColor',
      background: vars.color.surface,
    },
    variants: {
      state: {
        waiting: { color: vars.color.border },
        pending: { color: vars.color.warning },
        approved: { color: vars.color.success },
        rejected: { color: vars.color.danger },
        returned: { color: vars.color.warning },
        delegated: { color: vars.color.info },
        skipped: { color: vars.color.fgMuted, borderStyle: 'dashed' },
      },
    },
  },
  'ApprovalMarker',
);

export const stepBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const stepHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 24,
});

export const stepLabel = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const mode = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const approvers = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const approversLabel = style({ fontWeight: 600 });

export const decisions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const decision = recipe(
  {
    base: { display: 'grid', columnGap: vars.space.sm, alignItems: 'start' },
    variants: {
      variant: {
        full: { gridTemplateColumns: 'auto minmax(0, 1fr)' },
        compact: { gridTemplateColumns: 'minmax(0, 1fr)' },
      },
    },
    defaultVariants: { variant: 'full' },
  },
  'ApprovalDecision',
);

export const decisionBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const decisionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
});

export const decisionText = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

/** The date and the comment look as in the record history (Timeline). */
export { comment, when } from '../Timeline/Timeline.css';

export const empty = style({ margin: 0, color: vars.color.fgMuted });
