import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ContractDetail } from '@servicedesk/contracts';
import { formatDate, formatDateTime, formatMoney } from '@servicedesk/i18n';
import type { RecordField } from '@servicedesk/ui/RecordPage';
import { numericDateTime } from '../../shared/format';

/** A contract's calendar date (`YYYY-MM-DD`, no time of day) in the language's words, the same day everywhere. */
export const contractDate = (value: string, lang: string): string => formatDate(value, lang, { timeZone: 'UTC' });

/**
 * The contract's fields on its page: counterparty and TIN, amount in its currency, dates with the
 * notice and reminder dates, renewal, people, term, tags (their names from the tag list), when it
 * was registered and why it was deactivated.
 */
export function contractFields(detail: ContractDetail, t: TFunction, lang: string, tagNames: Map<number, string>): RecordField[] {
  const c = detail.contract;
  const date = (value: string) => contractDate(value, lang);
  const field = (label: string, value: ReactNode): RecordField => ({ label, value });
  const fields: RecordField[] = [
    field(t('contracts.fields.counterparty'), `${c.counterparty.name} (${t(`contracts.kind.${c.counterparty.kind}`)})`),
    field(t('contracts.fields.tin'), c.counterparty.tin ?? '—'),
    field(t('contracts.fields.amount'), formatMoney(c.amountMinor, lang, c.currency)),
    field(t('contracts.fields.startDate'), date(c.startDate)),
    field(t('contracts.fields.endDate'), date(c.endDate)),
    field(t('contracts.fields.noticeDays'), String(c.noticeDays)),
    field(t('contracts.fields.noticeDate'), date(c.noticeDate)),
    field(t('contracts.fields.endReminderDate'), date(c.endReminderDate)),
    field(
      t('contracts.fields.renewal'),
      c.renewal === 'automatic' ? `${t('contracts.renewal.automatic')} · ${c.renewalMonths ?? ''}` : t(`contracts.renewal.${c.renewal}`),
    ),
    field(t('contracts.fields.responsible'), c.responsible.name),
    field(t('contracts.fields.author'), c.author.name),
    field(t('contracts.fields.reviewers'), c.reviewers.map((r) => r.name).join(', ')),
    field(t('contracts.fields.term'), String(c.term)),
  ];
  if (c.tagIds.length > 0) fields.push(field(t('contracts.fields.tags'), c.tagIds.map((tid) => tagNames.get(tid) ?? `#${tid}`).join(', ')));
  if (c.registeredAt) fields.push(field(t('contracts.fields.registeredAt'), formatDateTime(c.registeredAt, lang, numericDateTime)));
  if (c.deactivationReason) fields.push(field(t('contracts.fields.deactivationReason'), c.deactivationReason));
  return fields;
}
