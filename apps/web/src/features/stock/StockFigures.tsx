import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStockDashboard } from '@servicedesk/api/stock/stock-queries';
import { formatNumber } from '@servicedesk/i18n';
import * as p from '../shared/page.css';

/**
 * The dashboard's stock figures (issue #13 "Dashboard"): inventories assigned to me (everyone;
 * hidden at 0; linking to My equipment, issue #40) and, for whoever keeps a warehouse, the stock levels below their material's
 * minimum (linking to the warehouse levels). GET /api/stock/dashboard.
 */
export function StockFigures() {
  const { t, i18n } = useTranslation();
  const figures = useStockDashboard();
  const data = figures.data;
  if (!data || (data.myInventories === 0 && data.belowMinimum === null)) return null;
  return (
    <ul className={p.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {data.myInventories > 0 ? (
        <li className={p.card} data-testid="stat-myInventories">
          <p className={p.statLabel}>{t('stock.dashboard.myInventories')}</p>
          <p className={p.statValue}>{formatNumber(data.myInventories, i18n.language)}</p>
          <Link to="/home/inventory/my-equipment">{t('assets.mine.title')}</Link>
        </li>
      ) : null}
      {data.belowMinimum !== null ? (
        <li className={p.card} data-testid="stat-belowMinimum">
          <p className={p.statLabel}>{t('stock.dashboard.belowMinimum')}</p>
          <p className={p.statValue}>{formatNumber(data.belowMinimum, i18n.language)}</p>
          <Link to="/home/inventory/warehouses?view=levels">{t('stock.warehouses.view.levels')}</Link>
        </li>
      ) : null}
    </ul>
  );
}
