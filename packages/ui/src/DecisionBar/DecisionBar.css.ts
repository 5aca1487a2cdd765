import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const bar = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.sm,
    padding: vars.space.md,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.fg,
    minWidth: 0,
  },
  'DecisionBar',
);

export const title = style({ fontWeight: 600 });

export const override = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** Long translated labels ("Müəllifə yenidən işlənmək üçün geri qaytarmaq") wrap instead of overflowing a narrow column. */
export const decisionButton = style({
  whiteSpace: 'normal',
  textAlign: 'center',
  maxWidth: '100%',
});
