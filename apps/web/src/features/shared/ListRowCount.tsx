import { useTranslation } from 'react-i18next';
import { formatNumber } from '@servicedesk/i18n';
import * as p from './page.css';

/**
 * The line under a server-paged list saying how much of it is loaded: "100 of 2,345 rows", or,
 * when the server stopped counting at its cap (`totalCapped` of the list contract, lib/lists: the
 * count reads at most `cap` matches), "100 of more than 1,000 rows". Nothing while every match is
 * shown. `shown` and `total` are row counts, formatted in the interface language.
 */
export function ListRowCount({ shown, total, capped = false }: { shown: number; total: number; capped?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!capped && total <= shown) return null;
  return (
    <p className={p.muted} data-testid="list-row-count">
      {capped
        ? t('table.rowCountCapped', { shown: formatNumber(shown, lang), cap: formatNumber(total, lang) })
        : t('table.rowCount', { shown: formatNumber(shown, lang), total: formatNumber(total, lang) })}
    </p>
  );
}
