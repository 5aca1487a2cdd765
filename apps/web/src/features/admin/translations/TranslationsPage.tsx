import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  languageCodes,
  TRANSLATIONS_PAGE_SIZE,
  type LanguageCode,
} from '@servicedesk/contracts';
import { useTranslations } from '@servicedesk/api/translations/get-translations';
import { useResetTranslation } from '@servicedesk/api/translations/set-translation';
import { formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { LoadMore } from '@servicedesk/ui/Pagination';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { adminErrorText } from '../org/org-errors';
import * as t9 from '../org/admin-table.css';
import { useDebounced } from '../../shared/use-debounced';
import * as p from '../../shared/page.css';
import * as s from './translations.css';
import { InlineEditor } from './InlineEditor';

/** SPEC §9: a search box waits 250 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * /home/admin/translations (issue #5 "Translation editing", SPEC §7 "Translation files"): pick a
 * language, search keys (key, shipped text or edit; case- and accent-insensitive, 250 ms after
 * typing), optionally only edited keys; edit a value inline (the `{{placeholders}}` of the
 * shipped text must stay) and reset it to the shipped text. The server stores the edits and
 * serves them merged at /assets/i18n/{lang}.json, so the app's texts change after a reload.
 * Editing needs `admin.translations.update`.
 */
export function TranslationsPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePagePermissions('admin.translations');
  const canEdit = can('admin.translations.update');
  const [lang, setLang] = useState<LanguageCode>(() => (languageCodes as readonly string[]).includes(i18n.language) ? (i18n.language as LanguageCode) : 'az');
  const [search, setSearch] = useState('');
  const [overriddenOnly, setOverriddenOnly] = useState(false);
  const [take, setTake] = useState(TRANSLATIONS_PAGE_SIZE);
  const [editing, setEditing] = useState<string | null>(null);
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const list = useTranslations({ lang, search: debounced, overriddenOnly, take });
  const reset = useResetTranslation({
    onSuccess: (row) => toast.show({ title: t('adminOrg.translations.resetDone', { key: row.key }), description: t('adminOrg.translations.reloadHint'), variant: 'success' }),
    onError: (error) => toast.show({ title: adminErrorText(error, t), variant: 'error' }),
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.translations')}</h1>
        <p className={p.lead}>{t('adminOrg.translations.description')}</p>
      </div>
      <section className={p.card} aria-label={t('adminOrg.translations.filters')}>
        <div className={s.filters}>
          <Select
            label={t('language')}
            items={languageCodes.map((code) => ({ id: code, label: t(`languages.${code}`) }))}
            selectedKey={lang}
            onSelectionChange={(key) => {
              setLang(key as LanguageCode);
              setEditing(null);
              setTake(TRANSLATIONS_PAGE_SIZE);
            }}
          />
          <TextField
            label={t('adminOrg.translations.search')}
            type="search"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setTake(TRANSLATIONS_PAGE_SIZE);
            }}
            placeholder={t('adminOrg.translations.searchPlaceholder')}
          />
          <label className={t9.check}>
            <input
              className={t9.checkbox}
              type="checkbox"
              checked={overriddenOnly}
              onChange={(e) => {
                setOverriddenOnly(e.target.checked);
                setTake(TRANSLATIONS_PAGE_SIZE);
              }}
            />
            {t('adminOrg.translations.overriddenOnly')}
          </label>
        </div>
      </section>
      <section className={p.card} aria-busy={list.isFetching} aria-label={t('adminOrg.translations.keys')}>
        {list.isPending && <p className={t9.muted} role="status">{t('loading')}</p>}
        {list.isError && <p role="alert">{t('error.generic')}</p>}
        {list.data && (
          <p className={t9.muted} role="status">
            {t('adminOrg.translations.found', { formatted: formatNumber(total, i18n.language) })}
          </p>
        )}
        {list.data && rows.length === 0 && <p className={t9.empty}>{t('adminOrg.translations.none')}</p>}
        {rows.length > 0 && (
          <ul className={s.rows} aria-label={t('adminOrg.translations.keys')}>
            {rows.map((row) => (
              <li key={row.key} className={s.row} data-testid="translation-row" data-key={row.key}>
                <div className={s.rowHead}>
                  <code className={s.key}>{row.key}</code>
                  {row.override !== null && <Badge variant="info">{t('adminOrg.translations.edited')}</Badge>}
                </div>
                {editing === row.key ? (
                  <InlineEditor lang={lang} row={row} onDone={() => setEditing(null)} />
                ) : (
                  <div className={s.rowBody}>
                    <p className={s.value} lang={lang}>
                      {row.value}
                    </p>
                    {canEdit && (
                      <div className={t9.actions}>
                        <Button size="sm" variant="ghost" aria-label={`${t('adminOrg.edit')}: ${row.key}`} onPress={() => setEditing(row.key)}>
                          {t('adminOrg.edit')}
                        </Button>
                        {row.override !== null && (
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${t('adminOrg.translations.reset')}: ${row.key}`}
                            isDisabled={reset.isPending}
                            onPress={() => reset.mutate({ lang, key: row.key })}
                          >
                            {t('adminOrg.translations.reset')}
                          </Button>
                        )}
                      </div>
                    )}
                  </div>
                )}
                {row.override !== null && (
                  <p className={s.shipped}>
                    <span className={s.shippedLabel}>{t('adminOrg.translations.shipped')}:</span> <span lang={lang}>{row.shipped}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {list.data && total > rows.length && (
          <LoadMore
            shown={rows.length}
            total={total}
            onLoadMore={() => setTake((n) => n + TRANSLATIONS_PAGE_SIZE)}
            isLoading={list.isFetching}
            loadingLabel={t('loading')}
            label={t('loadMore')}
            countText={({ shown, total: all }) =>
              t('adminOrg.translations.shown', { shown: formatNumber(shown, i18n.language), total: formatNumber(all, i18n.language) })
            }
          />
        )}
      </section>
    </div>
  );
}
