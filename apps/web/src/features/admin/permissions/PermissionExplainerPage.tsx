import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExplainInput } from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { getUsersList } from '@servicedesk/api/admin/users/get-users-list';
import { getUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { useUserTypes } from '@servicedesk/api/admin/userTypes/get-user-types';
import { useUserType } from '@servicedesk/api/admin/userTypes/get-user-type';
import { useExplainPermission } from '@servicedesk/api/admin/permissions/explain-permission';
import { matchesSearch } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { ComboBox } from '@servicedesk/ui/ComboBox';
import { SelectSearch, type SearchResult } from '@servicedesk/ui/SelectSearch';
import { TextField } from '@servicedesk/ui/TextField';
import { actionChoices, ruleText } from './explainer';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from './permissions.css';

/**
 * Users for the picker: the users list search (active and inactive, accent-insensitive on the
 * server); when the caller may not read it (no `admin.users`), the active users' names filtered
 * here.
 */
function useUserSearch() {
  const client = useApiClient();
  return async (text: string, signal: AbortSignal): Promise<SearchResult[]> => {
    try {
      const page = await getUsersList(client, { search: text, take: 20 }, signal);
      return page.items.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName} · ${u.email}` }));
    } catch (error) {
      if (signal.aborted) throw error;
      const all = await getUsersNameAndId(client, signal);
      return all.filter((u) => matchesSearch(u.name, text)).slice(0, 20);
    }
  };
}

/**
 * /home/admin/permissions (issue #5 "permission explainer"): pick a user (SelectSearch) and an
 * action of the catalogue (and optionally a record number), and see whether the server's one
 * permission helper allows it and which rule decided (POST /api/admin/permissions/explain),
 * translated.
 */
export function PermissionExplainerPage() {
  const { t } = useTranslation();
  const search = useUserSearch();
  const types = useUserTypes();
  const catalogue = useUserType(types.data?.[0]?.id ?? null);
  const choices = useMemo(() => actionChoices(catalogue.data?.permissions ?? [], t), [catalogue.data, t]);
  const [user, setUser] = useState<SearchResult | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [typedAction, setTypedAction] = useState('');
  const [recordId, setRecordId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [asked, setAsked] = useState<ExplainInput | null>(null);
  const result = useExplainPermission(asked);
  // The type's name in the interface language (the list answers in Accept-Language).
  const typeName = result.data ? (types.data?.find((ty) => ty.id === result.data.user.userTypeId)?.name ?? result.data.user.userTypeName) : '';

  const actionName = action ?? typedAction.trim();
  const recordInvalid = recordId.trim() !== '' && !/^[1-9]\d{0,9}$/.test(recordId.trim());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (!user || actionName === '' || recordInvalid) return;
    setAsked({ userId: Number(user.id), actionName, detailId: recordId.trim() === '' ? null : Number(recordId.trim()) });
  }

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('layout.menu.permissions')}</h1>
        <p className={p.lead}>{t('admin.permissions.description')}</p>
      </div>
      <section className={p.card}>
        <form className={f.form} onSubmit={submit} noValidate aria-label={t('layout.menu.permissions')}>
          <div className={s.fields}>
            <SelectSearch
              label={t('admin.permissions.user')}
              placeholder={t('admin.permissions.userPlaceholder')}
              search={search}
              value={user}
              onChange={setUser}
              loadingLabel={t('admin.permissions.searching')}
              emptyLabel={t('admin.permissions.noUsers')}
              openLabel={t('admin.permissions.openUsers')}
              isRequired
              isInvalid={attempted && !user}
              errorMessage={t('validation.required')}
            />
            {choices.length > 0 ? (
              <ComboBox
                label={t('admin.permissions.action')}
                items={choices}
                selectedKey={action}
                onSelectionChange={(key) => setAction(key === null ? null : String(key))}
                openLabel={t('admin.permissions.openActions')}
                emptyLabel={t('admin.permissions.noActions')}
                isRequired
                isInvalid={attempted && actionName === ''}
                errorMessage={t('validation.required')}
              />
            ) : (
              <TextField
                label={t('admin.permissions.action')}
                value={typedAction}
                onChange={setTypedAction}
                isRequired
                autoComplete="off"
                isInvalid={attempted && actionName === ''}
                errorMessage={t('validation.required')}
              />
            )}
            <TextField
              label={t('admin.permissions.recordId')}
              description={t('admin.permissions.recordIdHint')}
              inputMode="numeric"
              value={recordId}
              onChange={setRecordId}
              autoComplete="off"
              isInvalid={attempted && recordInvalid}
              errorMessage={t('validation.invalid')}
            />
          </div>
          <div>
            <Button type="submit" isPending={result.isFetching}>
              {t('admin.permissions.submit')}
            </Button>
          </div>
        </form>
      </section>
      {asked ? (
        <section className={p.card} aria-labelledby="explain-result" aria-live="polite" aria-busy={result.isFetching}>
          <h2 id="explain-result" className={p.cardTitle}>
            {t('admin.permissions.result')}
          </h2>
          {result.isError ? <p role="alert">{t('error.generic')}</p> : null}
          {result.data ? (
            <div className={s.result} data-testid="explain-result" data-allowed={result.data.allowed}>
              <p className={s.verdict}>
                <Badge variant={result.data.allowed ? 'success' : 'danger'}>
                  {result.data.allowed ? t('admin.permissions.allowed') : t('admin.permissions.denied')}
                </Badge>
                <span>
                  {result.data.user.name} · {typeName} → <code>{asked.actionName}</code>
                  {asked.detailId ? ` #${asked.detailId}` : ''}
                </span>
              </p>
              <p className={p.statLabel}>{t('admin.permissions.decidingRule')}</p>
              <p className={s.rule}>{ruleText(result.data, t, typeName)}</p>
              <p className={p.muted}>{t('admin.permissions.ruleCode', { rule: result.data.rule })}</p>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
