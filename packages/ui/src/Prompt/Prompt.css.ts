import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The prompt form body: message then field. Shared by SelectPrompt and FolderNamePrompt. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const message = style({ margin: 0, color: vars.color.fg });
