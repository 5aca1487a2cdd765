import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContract } from '@servicedesk/api/contracts/get-contract';
import { useContractsReference } from '@servicedesk/api/contracts/get-contracts-reference';
import { storage } from '../../../session/storage';
import { emptyContractForm, formOf } from './contract-form';
import { ContractForm } from './ContractForm';
import * as p from '../../shared/page.css';

/**
 * /home/contracts/new and /home/contracts/:id/edit (issue #14 "Create a contract"; needs
 * `contracts.create`): the counterparty — an existing vendor or contractor, or a new one with its
 * TIN checked live for duplicates as it is typed (TinCheck names the holder and offers it) —,
 * subject, amount and currency, start and end, notice period, renewal (none, automatic for N
 * months, by agreement), the responsible person, the visa reviewers (holders of the visa
 * permission; they endorse in parallel), files (PDF, DOCX: upload type `contract`). "Save draft"
 * keeps it a DRAFT; "Save and submit" sends it into the chain. The server's refusals show by code
 * (a duplicate TIN names the counterparty that has it).
 */
export function ContractFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const editId = params.id ? Number(params.id) : null;
  const existing = useContract(editId);
  const reference = useContractsReference();
  const title =
    editId === null
      ? t('contracts.form.createTitle')
      : t('contracts.form.editTitle', { number: existing.data?.contract.number ?? `#${editId}` });

  if (reference.isPending || (editId !== null && !existing.data)) {
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{title}</h1>
        {reference.isError || existing.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <p className={p.muted} role="status">
            {t('loading')}
          </p>
        )}
      </div>
    );
  }
  const initial = existing.data
    ? formOf(existing.data.contract)
    : emptyContractForm(new Date(), storage.getUser()?.id ?? null);
  return (
    <ContractForm
      key={editId ?? 'new'}
      title={title}
      editId={editId}
      files={existing.data?.attachments ?? []}
      initial={initial}
      reference={reference.data}
    />
  );
}
