import { memo, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useStatistics } from '@servicedesk/api/dashboard/get-statistics';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { storage } from '../../session/storage';
import { partOfDay } from './greeting';
import { numericDateTime } from '../shared/format';
import { HelpdeskWidgets } from '../helpdesk/widgets/HelpdeskWidgets';
import { ApprovalsFigure } from '../approvals/ApprovalsFigure';
import { ContractsEndingFigure } from '../contracts/ContractsEndingFigure';
import { FinanceWidgets } from '../finance/widgets/FinanceWidgets';
import { StockFigures } from '../stock/StockFigures';
import { NewsFigure } from '../news/NewsFigure';
import * as p from '../shared/page.css';
import * as d from './DashboardPage.css';

/**
 * /home/dashboard: greets the signed-in user by first name and part of the day, with the real
 * figures of GET /api/dashboard/statistics (active users, the caller's sign-ins and failed
 * attempts in 30 days, the previous sign-in), the "waiting for my approval" figure (issue #11),
 * then the help-desk widgets (features/helpdesk/widgets)
 * for users who may see requests.
 *
 * The figures and widgets appear together ({@link useFirstRoundSettled}): each asks its own
 * permission and data, and as each arrived it pushed the ones below it down the page (issue #19:
 * Lighthouse measured a cumulative layout shift of 0.17–0.31 on this page — a click aimed at one
 * figure could land on another).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [firstName] = useState(() => storage.getUser()?.firstName ?? '');
  const [part] = useState(() => partOfDay(new Date()));
  const stats = useStatistics();
  const lang = i18n.language;
  const { settled: revealed, watcher } = useFirstRoundSettled();

  const cards = stats.data
    ? [
        { id: 'activeUsers', label: t('dashboard.stats.activeUsers'), value: formatNumber(stats.data.activeUsers, lang) },
        { id: 'mySignIns', label: t('dashboard.stats.mySignIns'), value: formatNumber(stats.data.mySignInsLast30Days, lang) },
        { id: 'myFailedSignIns', label: t('dashboard.stats.myFailedSignIns'), value: formatNumber(stats.data.myFailedSignInsLast30Days, lang) },
      ]
    : [];

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t(`dashboard.greeting.${part}`, { name: firstName })}</h1>
        <p className={p.lead}>{t('dashboard.subtitle')}</p>
      </div>
      {!revealed && (
        <p className={p.muted} role="status" data-testid="dashboard-loading">
          {t('loading')}
        </p>
      )}
      {/* Mounted from the start (every figure's calls start at once), shown once they have answered. */}
      <div className={d.figures} style={revealed ? undefined : { display: 'none' }} data-testid="dashboard-figures">
        <section aria-labelledby="dashboard-stats">
          <h2 id="dashboard-stats" className={p.cardTitle}>
            {t('dashboard.stats.heading')}
          </h2>
          {stats.isError && (
            <p className={p.muted} role="alert">
              {t('dashboard.loadFailed')}
            </p>
          )}
          {stats.data && (
            <ul className={p.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {cards.map((c) => (
                <li key={c.id} className={p.card} data-testid={`stat-${c.id}`}>
                  <p className={p.statLabel}>{c.label}</p>
                  <p className={p.statValue}>{c.value}</p>
                </li>
              ))}
              <li className={p.card} data-testid="stat-lastSignIn">
                <p className={p.statLabel}>{t('dashboard.stats.lastSignIn')}</p>
                <p className={p.statText}>
                  {stats.data.lastSignInAt ? formatDateTime(stats.data.lastSignInAt, lang, numericDateTime) : t('dashboard.stats.firstSignIn')}
                </p>
              </li>
            </ul>
          )}
        </section>
        <Widgets />
      </div>
      {/* Last: its effects run after the widgets' in a commit (their calls have started by then). */}
      {watcher}
    </div>
  );
}

/**
 * The area widgets: each asks its own permission and data and renders with its own answers.
 * Memoised, so the page's renders (the statistics' answer, the reveal) do not render them all
 * again (issue #19: on a phone each such render of the whole dashboard was a long task).
 */
const Widgets = memo(function Widgets() {
  return (
    <>
      <ApprovalsFigure />
      <ContractsEndingFigure />
      <HelpdeskWidgets />
      <FinanceWidgets />
      <StockFigures />
      <NewsFigure />
    </>
  );
});

/** Longest the figures wait for the slowest call before they show anyway (ms): a hung call must not hide the page. */
const REVEAL_AT_THE_LATEST_MS = 4_000;

/**
 * False until the calls the page's components start as they mount — and those their answers
 * start in turn (a widget asks its data once its permission is known) — have all answered, or
 * failed, or {@link REVEAL_AT_THE_LATEST_MS} has passed; then true for good (later refetches and
 * live updates change figures in place). The live count of calls is watched by {@link FetchWatcher},
 * not here: a page that subscribed to it re-rendered with all its widgets on every call's start and
 * end (~40 times while the dashboard loads; issue #19, Lighthouse's blocking time on mobile).
 */
function useFirstRoundSettled(): { settled: boolean; watcher: ReactNode } {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), REVEAL_AT_THE_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  const settle = useCallback(() => setSettled(true), []);
  return { settled, watcher: settled ? null : <FetchWatcher onSettled={settle} /> };
}

/**
 * Renders nothing; re-renders on each change of the query client's live count of calls and, after
 * each commit (the widgets' queries have started by then), tells `onSettled` once none is running.
 */
function FetchWatcher({ onSettled }: { onSettled: () => void }) {
  const client = useQueryClient();
  const fetching = useIsFetching();
  useEffect(() => {
    const check = setTimeout(() => {
      if (client.isFetching() === 0) onSettled();
    }, 0);
    return () => clearTimeout(check);
  }, [client, fetching, onSettled]);
  return null;
}
