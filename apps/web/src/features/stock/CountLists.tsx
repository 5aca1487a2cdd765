import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CountItem, CountSession } from '@servicedesk/contracts';
import { formatDateTime } from '@servicedesk/i18n';
import { numericDateTime } from '../shared/format';
import * as p from '../shared/page.css';

const LISTS = ['found', 'missing', 'misplaced', 'outOfScope'] as const;

/**
 * A count's units as they stand: found, missing, misplaced (with where they are booked) and out
 * of scope (only when there are any), each unit a link to its page; the unknown numbers; the
 * latest scans with who scanned and when.
 */
export function CountLists({ session }: { session: CountSession }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={p.grid}>
      {LISTS.map((list) =>
        list === 'outOfScope' && session.outOfScope.length === 0 ? null : (
          <section key={list} className={p.card} aria-labelledby={`count-${list}`} data-testid={`count-${list}`}>
            <h2 id={`count-${list}`} className={p.cardTitle}>
              {t(`stock.count.${list}`, { n: session[list].length })}
            </h2>
            <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
              {session[list].map((item: CountItem) => (
                <li key={item.id}>
                  <RouterLink to={`/home/inventory/inventories/${item.id}`}>{item.inventoryNumber}</RouterLink> — {item.materialName}
                  {item.serial ? ` · ${item.serial}` : ''}
                  {list === 'misplaced' && item.warehouseName ? ` (${item.warehouseName})` : ''}
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
      {session.unknown.length ? (
        <section className={p.card} aria-labelledby="count-unknown">
          <h2 id="count-unknown" className={p.cardTitle}>
            {t('stock.count.unknown', { n: session.unknown.length })}
          </h2>
          <p className={p.muted}>{session.unknown.join(', ')}</p>
        </section>
      ) : null}
      <section className={p.card} aria-labelledby="count-scans" data-testid="count-scans">
        <h2 id="count-scans" className={p.cardTitle}>
          {t('stock.count.latestScans')}
        </h2>
        <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
          {session.scans.map((sc) => (
            <li key={sc.inventoryNumber}>
              {sc.inventoryNumber} — {sc.scannedBy?.name ?? '—'}, {formatDateTime(sc.scannedAt, i18n.language, numericDateTime)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
