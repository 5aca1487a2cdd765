import { RecordStatus, type StatusFamily } from '../../shared/record/RecordStatus';
import { statusVariant } from './status';

/** Every document and registry status's colour family, as {@link statusVariant} gives it. */
const FAMILIES = Object.fromEntries(
  ['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'APPROVED', 'PROCESSED', 'REJECTED', 'RETURNED', 'CANCELLED', 'VOID'].map((s) => [s, statusVariant(s)]),
) as Record<string, StatusFamily>;

/**
 * A document's or registry entry's status as the record kit's badge (`documents.status.<STATUS>`),
 * for its page header and its timeline's from → to.
 */
export function DocumentStatus({ status }: { status: string }) {
  return <RecordStatus status={status} families={FAMILIES} labels="documents.status" />;
}
