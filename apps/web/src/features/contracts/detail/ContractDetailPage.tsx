import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContract } from '@servicedesk/api/contracts/get-contract';
import { useDownloadContractPdf } from '@servicedesk/api/contracts/download-contract-pdf';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { Button } from '@servicedesk/ui/Button';
import { RecordPage, RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { LazyApprovalChain } from '../../shared/record/lazy-approval-chain';
import { usePreload } from '../../shared/lazy-fields';
import { saveBlob } from '../../shared/files/use-file-download';
import { useLiveRecords } from '../../../realtime/live-records';
import { CONTRACT_RECORD_KIND, contractStatusFamily } from '../shared/contracts-display';
import { isRecordGone, RecordLoadState } from '../../shared/record/RecordLoadState';
import { RecordViewers } from '../../shared/record/RecordViewers';
import { RecordStatus } from '../../shared/record/RecordStatus';
import { RecordTimeline } from '../../shared/record/RecordTimeline';
import { RecordAttachments } from '../../shared/record/RecordAttachments';
import { useRefusalText } from '../../shared/record/refusal';
import { useRecordTimeline, type RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { ContractActions, CONTRACT_REFUSALS } from './ContractActions';
import { contractDate, contractFields } from './contract-fields';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';

/** A status of the contract or the engine (history rows name both) as the kit's badge. */
const status = (value: string) => <RecordStatus status={value} families={contractStatusFamily} labels="contracts.status" />;

/** The contracts' history words; a registration names its number. */
const TIMELINE: RecordTimelineOptions = {
  actions: 'contracts.history',
  actionValues: (h) => ({ number: String(h.details?.number ?? '') }),
  status,
};

/**
 * /home/contracts/:id: the contract's fields (counterparty and TIN, amount in its currency, dates
 * with the notice and reminder dates, renewal, people), its status and the actions the server
 * allows this user now (ContractActions), the approval chain (the engine's steps, fetched again
 * whenever the contract is — after an action and on every live change), the files, the chain of
 * renewals, the history, and the PDF summary sheet. Live: a RecordChanged of the contract
 * refetches it, so each step of the chain shows for the author without a reload.
 */
export function ContractDetailPage() {
  const { t, i18n } = useTranslation();
  usePreload(LazyApprovalChain);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useContract(valid ? id : null);
  const pdf = useDownloadContractPdf();
  const tags = useModalElements('tag');
  const explain = useRefusalText(CONTRACT_REFUSALS);
  useLiveRecords();
  const lang = i18n.language;
  const detail = query.data;
  const timeline = useRecordTimeline(detail, TIMELINE);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag.id, tag.name])), [tags.data]);

  const back = (
    <RouterLink className={s.link} to="/home/contracts">
      {t('contracts.detail.back')}
    </RouterLink>
  );

  const downloadPdf = async () => {
    try {
      const file = await pdf.mutateAsync(id);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
    }
  };

  if (!detail || isRecordGone(valid, query)) {
    return (
      <RecordLoadState
        valid={valid}
        query={query}
        heading={t('contracts.list.title')}
        notFoundText={t('contracts.detail.notFound')}
        forbiddenText={t('contracts.detail.forbidden')}
        back={back}
      />
    );
  }

  const c = detail.contract;
  const heading = c.number ? t('contracts.detail.title', { number: c.number }) : t('contracts.detail.draftTitle', { id: c.id });
  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        viewers={<RecordViewers kind="contract" id={c.id} />}
        number={<span data-testid="contract-number">{c.number ?? `#${c.id}`}</span>}
        title={c.subject}
        status={
          <span data-testid="contract-status">
            <RecordStatus status={c.status} families={contractStatusFamily} labels="contracts.status" suffix={c.stage ? ` · ${t(`contracts.stage.${c.stage}`)}` : ''} />
          </span>
        }
        actions={
          <Button variant="secondary" size="sm" isPending={pdf.isPending} onPress={() => void downloadPdf()}>
            {t('contracts.detail.pdf')}
          </Button>
        }
        fieldsTitle={heading}
        fields={contractFields(detail, t, lang, tagNames)}
        timelineTitle={t('contracts.detail.history')}
        timeline={<RecordTimeline entries={timeline} label={t('contracts.detail.history')} />}
        filesTitle={t('contracts.detail.files')}
        files={<RecordAttachments files={detail.attachments} label={t('contracts.detail.files')} emptyText={t('contracts.detail.noFiles')} />}
      >
        <ContractActions id={c.id} allowed={detail.allowedActions} />
        <RecordSection title={t('contracts.detail.approval')}>
          <LazyApprovalChain recordKind={CONTRACT_RECORD_KIND} recordId={c.id} />
        </RecordSection>
        {detail.terms.length > 1 ? (
          <RecordSection title={t('contracts.detail.terms')}>
            <ol className={s.terms}>
              {detail.terms.map((term) => (
                <li key={term.id}>
                  {term.id === c.id ? (
                    <strong>{term.number ?? `#${term.id}`}</strong>
                  ) : (
                    <RouterLink className={s.link} to={`/home/contracts/${term.id}`}>
                      {term.number ?? `#${term.id}`}
                    </RouterLink>
                  )}{' '}
                  {contractDate(term.startDate, lang)} – {contractDate(term.endDate, lang)} · {t(`contracts.status.${term.status}`, { defaultValue: term.status })}
                </li>
              ))}
            </ol>
          </RecordSection>
        ) : null}
      </RecordPage>
    </div>
  );
}
