/** The badge colour of a document or registry status. */
export function statusVariant(status: string): 'success' | 'danger' | 'warning' | 'info' | 'neutral' {
  if (status === 'APPROVED' || status === 'PROCESSED') return 'success';
  if (status === 'REJECTED' || status === 'CANCELLED' || status === 'VOID') return 'danger';
  if (status === 'RETURNED') return 'warning';
  if (status === 'IN_APPROVAL' || status === 'SUBMITTED') return 'info';
  return 'neutral';
}
