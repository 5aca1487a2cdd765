import type { MyApprovalRow } from '@servicedesk/contracts';

/** A row's key in the selection and the open panel: `kind:id`. */
export const keyOf = (row: Pick<MyApprovalRow, 'recordKind' | 'recordId'>) =>
  `${row.recordKind}:${row.recordId}`;

/** How a row names its record: its number and title, or the title alone. */
export const rowLabel = (row: MyApprovalRow) => (row.number ? `${row.number} ${row.title}` : row.title);
