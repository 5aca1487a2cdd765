import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/contract.css';

export const icon = recipe(
  {
    base: { marginInlineEnd: vars.space.xs, verticalAlign: '-0.15em' },
    variants: {
      variant: { info: { color: vars.color.info }, destructive: { color: vars.color.danger } },
    },
  },
  'AlertDialogIcon',
);
