import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useWagon } from '@servicedesk/api/debts/get-wagons';
import { formatDateTime } from '@servicedesk/i18n';
import { RecordPage, RecordSection } from '@servicedesk/ui/RecordPage';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { Timeline } from '@servicedesk/ui/Timeline';
import { numericDateTime } from '../shared/format';
import { wagonFamily } from './debts-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

/**
 * /home/finance/dislocation/:number (issue #17): a wagon's last status, its timeline (every
 * station it was seen at, newest first, with the snapshot file and line) and the vendor invoices
 * naming it among their transport numbers (through the finance seam, debts.invoice-link.ts).
 */
export function WagonPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const number = useParams().number ?? '';
  const valid = /^\d{8}$/.test(number);
  const query = useWagon(valid ? number : null);
  const back = (
    <RouterLink className={f.link} to="/home/finance/dislocation">
      {t('debts.dislocation.wagon.back')}
    </RouterLink>
  );
  if (!valid || (query.isError && isApiRequestError(query.error, 404))) {
    return (
      <div className={p.page}>
        <p>{back}</p>
        <p role="alert">{t('debts.dislocation.wagon.notFound')}</p>
      </div>
    );
  }
  const wagon = query.data;
  if (!wagon) {
    return (
      <div className={p.page}>
        <p>{back}</p>
        {query.isError ? <p role="alert">{t('error.generic')}</p> : <p className={p.muted} role="status">{t('loading')}</p>}
      </div>
    );
  }
  const state = (st: keyof typeof wagonFamily) => (
    <StatusBadge status={st} family={wagonFamily[st]}>
      {t(`debts.states.${st}`)}
    </StatusBadge>
  );
  return (
    <div className={p.page}>
      <RecordPage
        back={back}
        title={t('debts.dislocation.wagon.title', { number: wagon.number })}
        status={state(wagon.state)}
        fieldsTitle={t('debts.dislocation.tableLabel')}
        fields={[
          { label: t('debts.dislocation.columns.station'), value: wagon.station },
          { label: t('debts.dislocation.columns.seenAt'), value: formatDateTime(wagon.seenAt, lang, numericDateTime) },
        ]}
        timelineTitle={t('debts.dislocation.wagon.timeline')}
        timeline={
          <Timeline
            entries={wagon.timeline.map((sighting) => ({
              id: sighting.id,
              user: { name: sighting.station, img: null },
              date: sighting.seenAt,
              to: state(sighting.state),
              comment: sighting.source ? <span className={s.timelineText}>{t('debts.detail.entries.sourceText', { file: sighting.source.fileName, line: sighting.source.line })}</span> : undefined,
            }))}
            label={t('debts.dislocation.wagon.timeline')}
            formatDate={(d) => formatDateTime(d, lang, numericDateTime)}
            changedToLabel={t('debts.detail.history.changedTo')}
            emptyText={t('debts.detail.history.empty')}
          />
        }
      >
        <RecordSection title={t('debts.dislocation.wagon.invoices')}>
          {wagon.invoices.length > 0 ? (
            <ul data-testid="wagon-invoices">
              {wagon.invoices.map((invoice) => (
                <li key={invoice.id}>
                  <RouterLink className={s.nameLink} to={invoice.url}>
                    {invoice.number}
                  </RouterLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className={p.muted}>{t('debts.dislocation.wagon.noInvoices')}</p>
          )}
        </RecordSection>
      </RecordPage>
    </div>
  );
}
