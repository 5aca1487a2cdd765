import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordKind } from '@servicedesk/contracts';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { AvatarGroup } from '@servicedesk/ui/AvatarGroup';
import { useHubEvent, useRealtime } from '../../../realtime/RealtimeProvider';

/**
 * Presence on a record over the hub (issue #6 "who is viewing the request right now"): while the
 * page is mounted and the tab's hub is connected, JoinRecord(kind, id) — again after every
 * reconnect — and LeaveRecord when it unmounts or the id changes. Answers the user ids viewing
 * it now (the caller included), kept by the server's RecordViewers events; `[]` until the first
 * answer or while the hub is away (a refused join — a record the user may not see — leaves it so).
 */
export function useRecordViewers(kind: RecordKind | string, id: number | null): number[] {
  const { hub, state } = useRealtime();
  // The last answer, with the record it is about: a change of record or a lost connection shows
  // nobody until the next answer (derived below, no state reset inside the effect).
  const [answer, setAnswer] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const key = `${kind}:${id}`;
  const joined = Boolean(hub) && state === 'connected' && id !== null;

  useEffect(() => {
    if (!hub || state !== 'connected' || id === null) return undefined;
    let active = true;
    void hub.invoke('JoinRecord', kind, id).then((ids) => {
      if (active && Array.isArray(ids)) setAnswer({ key: `${kind}:${id}`, ids });
    });
    return () => {
      active = false;
      if (hub.state === 'connected') void hub.invoke('LeaveRecord', kind, id);
    };
  }, [hub, state, kind, id]);

  useHubEvent('RecordViewers', (eventKind, eventId, ids) => {
    if (eventKind === kind && eventId === id && Array.isArray(ids)) setAnswer({ key: `${kind}:${id}`, ids });
  });

  return joined && answer.key === key ? answer.ids : [];
}

/**
 * "Viewing now" of a record's page (RecordPage's `viewers` slot) for any record kind of
 * contracts' RECORD_KINDS: joins the record while mounted ({@link useRecordViewers}, the server
 * checks the user may see it) and shows the people viewing it as an AvatarGroup with their names
 * (the caller included); nothing while nobody is (or the hub is away). `id` null: not joined yet
 * (e.g. until the record loaded).
 */
export function RecordViewers({ kind, id }: { kind: RecordKind; id: number | null }) {
  const { t } = useTranslation();
  const ids = useRecordViewers(kind, id);
  const users = useUsersNameAndId();
  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.name])), [users.data]);
  if (ids.length === 0) return null;
  const people = ids.map((uid) => ({ id: uid, name: names.get(uid) ?? `#${uid}`, src: null }));
  return (
    <>
      <span aria-hidden="true">{t('recordViewers.label')}</span>
      <AvatarGroup
        people={people}
        label={t('recordViewers.list', { names: people.map((v) => v.name).join(', ') })}
        size="sm"
        max={4}
        moreLabel={(n) => t('recordViewers.more', { count: n })}
      />
    </>
  );
}
