import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetail } from '@servicedesk/contracts';
import { useApiClient } from '@servicedesk/api/provider';
import { useGroup, useGroups } from '@servicedesk/api/admin/org/get-groups';
import { useSaveGroup } from '@servicedesk/api/admin/org/save-group';
import { getUsersNameAndIdQueryOptions } from '@servicedesk/api/global/get-users-name-and-id';
import { useQueryClient } from '@tanstack/react-query';
import { formatNumber, matchesSearch } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
// The member picker (a combo box) loads when the group dialog first shows it (issue #19).
import { LazySelectSearch as SelectSearch } from '../../shared/lazy-fields';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { nameError } from './OrgItemsTab';
import { OrgRowState } from './OrgRowState';
import { adminErrorText } from './org-errors';
import * as s from './admin-table.css';

interface Member {
  userId: number;
  name: string;
  isLead: boolean;
}

/** The group form: its name and members, one of whom may be the lead (radio "lead"). */
function GroupForm({ group, onClose }: { group: GroupDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<Member[]>(() => group?.members.map(({ userId, name, isLead }) => ({ userId, name, isLead })) ?? []);
  // Remounting the picker after each addition clears it for the next person.
  const [pickerKey, setPickerKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveGroup({
    onSuccess: (saved) => {
      toast.show({ title: t('adminOrg.saved', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (error) => setServerError(adminErrorText(error, t)),
  });
  const nameProblem = submitted ? nameError(name, t) : undefined;
  const title = group ? t('adminOrg.groups.editTitle') : t('adminOrg.groups.createTitle');
  const lead = members.find((m) => m.isLead)?.userId ?? null;

  // Users to add: every user's name and id (getUsersNameAndId, read once a minute from the cache),
  // filtered accent-insensitively, members left out.
  const search = async (text: string): Promise<SearchResult[]> => {
    const users = await queryClient.fetchQuery({ ...getUsersNameAndIdQueryOptions(client), staleTime: 60_000 });
    return users
      .filter((u) => !members.some((m) => m.userId === u.id) && matchesSearch(u.name, text))
      .slice(0, 20)
      .map(({ id, name }) => ({ id, name }));
  };

  function setLead(userId: number | null) {
    setMembers((list) => list.map((m) => ({ ...m, isLead: m.userId === userId })));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (nameError(name, t)) return;
    save.mutate({ id: group?.id, name: name.trim(), members: members.map(({ userId, isLead }) => ({ userId, isLead })) });
  }

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
      <TextField
        label={t('adminOrg.name')}
        value={name}
        onChange={(v) => {
          setName(v);
          setServerError(null);
        }}
        isRequired
        isInvalid={nameProblem !== undefined}
        errorMessage={nameProblem}
      />
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('adminOrg.groups.members')}</legend>
        {members.length === 0 ? (
          <p className={s.muted}>{t('adminOrg.groups.noMembers')}</p>
        ) : (
          <ul className={s.memberList} aria-label={t('adminOrg.groups.members')}>
            {members.map((m) => (
              <li key={m.userId} className={s.member}>
                <span className={s.memberName}>{m.name}</span>
                <label className={s.check}>
                  <input
                    className={s.checkbox}
                    type="radio"
                    name="group-lead"
                    checked={m.isLead}
                    onChange={() => setLead(m.userId)}
                    aria-label={`${t('adminOrg.groups.lead')}: ${m.name}`}
                  />
                  {t('adminOrg.groups.lead')}
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${t('adminOrg.groups.removeMember')}: ${m.name}`}
                  onPress={() => setMembers((list) => list.filter((x) => x.userId !== m.userId))}
                >
                  {t('adminOrg.groups.removeMember')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {lead !== null && (
          <div>
            <Button size="sm" variant="ghost" onPress={() => setLead(null)}>
              {t('adminOrg.groups.noLead')}
            </Button>
          </div>
        )}
        <SelectSearch
          key={pickerKey}
          label={t('adminOrg.groups.addMember')}
          search={search}
          onChange={(user) => {
            if (!user) return;
            setMembers((list) => (list.some((m) => m.userId === Number(user.id)) ? list : [...list, { userId: Number(user.id), name: user.name, isLead: false }]));
            setServerError(null);
            setPickerKey((k) => k + 1);
          }}
          loadingLabel={t('loading')}
          emptyLabel={t('adminOrg.groups.noUsers')}
          openLabel={t('adminOrg.groups.addMember')}
          placeholder={t('adminOrg.groups.searchUser')}
        />
      </fieldset>
      {serverError && (
        <p className={s.formError} role="alert">
          {serverError}
        </p>
      )}
      <div className={s.actions}>
        <Button variant="secondary" onPress={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** The group dialog: loads the group's members first when editing. */
function GroupDialog({ groupId, onClose }: { groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useGroup(groupId);
  const title = groupId === null ? t('adminOrg.groups.createTitle') : t('adminOrg.groups.editTitle');
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()} closeLabel={t('close')} size="md">
      {groupId !== null && detail.isPending && <p className={s.muted} role="status">{t('loading')}</p>}
      {groupId !== null && detail.isError && <p role="alert">{t('error.generic')}</p>}
      {(groupId === null || detail.data) && <GroupForm group={detail.data ?? null} onClose={onClose} />}
    </Dialog>
  );
}

/**
 * The groups tab of /home/admin/org: name, lead, member count, status; with `admin.org.manage`
 * create and edit (members picked with SelectSearch, one lead), deactivate with a reason, activate.
 */
export function GroupsTab({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const [showInactive, setShowInactive] = useState(false);
  const list = useGroups(showInactive);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  return (
    <section aria-labelledby="org-groups-heading">
      <div className={s.toolbar}>
        <h2 id="org-groups-heading" className={s.toolbarTitle}>
          {t('adminOrg.groups.title')}
        </h2>
        <div className={s.toolbarGroup}>
          <label className={s.check}>
            <input className={s.checkbox} type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
            {t('adminOrg.showInactive')}
          </label>
          {canManage && <Button onPress={() => setEditing({ id: null })}>{t('adminOrg.groups.create')}</Button>}
        </div>
      </div>
      {list.isPending && <p className={s.muted} role="status">{t('loading')}</p>}
      {list.isError && <p role="alert">{t('error.generic')}</p>}
      {list.data && list.data.length === 0 && <p className={s.empty}>{t('adminOrg.empty')}</p>}
      {list.data && list.data.length > 0 && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a wide table scrolls; keyboard users need to reach it
        <div className={s.tableWrap} tabIndex={0} role="region" aria-label={t('adminOrg.groups.title')}>
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.th} scope="col">{t('adminOrg.name')}</th>
                <th className={s.th} scope="col">{t('adminOrg.groups.lead')}</th>
                <th className={`${s.th} ${s.number}`} scope="col">{t('adminOrg.groups.memberCount')}</th>
                <th className={s.th} scope="col">{t('adminOrg.status')}</th>
                {canManage && <th className={`${s.th} ${s.number}`} scope="col">{t('adminOrg.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((group) => (
                <tr key={group.id} className={group.isActive ? undefined : s.inactiveRow} data-testid="groups-row">
                  <td className={s.td}>{group.name}</td>
                  <td className={s.td}>{group.leadName ?? <span className={s.muted}>{t('adminOrg.groups.noLeadSet')}</span>}</td>
                  <td className={`${s.td} ${s.number}`}>{formatNumber(group.memberCount, i18n.language)}</td>
                  <OrgRowState kind="groups" row={group} canManage={canManage} editLabel={t('adminOrg.edit')} onEdit={() => setEditing({ id: group.id })} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <GroupDialog groupId={editing.id} onClose={() => setEditing(null)} />}
    </section>
  );
}
