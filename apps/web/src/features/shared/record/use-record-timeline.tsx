import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RecordComment, RecordHistoryEntry } from '@servicedesk/contracts';
import type { TimelineEntry } from '@servicedesk/ui/Timeline';
import * as s from './record.css';

/** What a record page tells the timeline about its module's history rows. */
export interface RecordTimelineOptions {
  /**
   * The translation key prefix of the module's history actions: an entry's action word is
   * `<actions>.<action>`, else the kit's word for the engine's actions (`record.history.<action>`),
   * else the action itself.
   */
  actions: string;
  /** The action word's key of an entry when it is not `<actions>.<action>` (e.g. debts: every status change is `status`). */
  actionKey?: (entry: RecordHistoryEntry) => string;
  /** Placeholders of the action word (e.g. a registration's number). */
  actionValues?: (entry: RecordHistoryEntry) => Record<string, unknown>;
  /** A status as shown in the from → to of a change (usually the page's RecordStatus); no arrow when omitted. */
  status?: (status: string) => ReactNode;
  /** The module's own lines under an entry (who it was assigned to, the budget figures), above the entry's comment. */
  notes?: (entry: RecordHistoryEntry, t: TFunction) => string[];
}

/** The lines of an entry as one block, line breaks kept. */
function lines(list: string[]): ReactNode {
  return list.length > 0 ? <span className={s.timelineText}>{list.join('\n')}</span> : undefined;
}

/**
 * A record's history rows and comments as one Timeline, newest first: who (the system when no
 * one), when, the action in the module's words, from → to when the status changed, and the
 * notes — "on behalf of X" for a substitute's step, the module's own notes, the comment. The
 * record foundation's history shape (contracts RecordHistoryEntry, RecordComment) is the same for
 * every kind, so this is the one mapping of every record page.
 */
export function useRecordTimeline(
  source: { history: readonly RecordHistoryEntry[]; comments?: readonly RecordComment[] } | undefined,
  options: RecordTimelineOptions,
): TimelineEntry[] {
  const { t } = useTranslation();
  const { actions, actionKey, actionValues, status, notes } = options;
  return useMemo(() => {
    if (!source) return [];
    const history = source.history.map((h) => {
      const extra: string[] = [];
      if (h.onBehalfOf) extra.push(t('record.timeline.onBehalfOf', { name: h.onBehalfOf.name }));
      extra.push(...(notes?.(h, t) ?? []));
      if (h.comment) extra.push(h.comment);
      const changed = h.toStatus !== null && h.fromStatus !== h.toStatus;
      const entry: TimelineEntry = {
        id: `h${h.id}`,
        user: { name: h.actor?.name ?? t('record.timeline.system'), img: h.actor?.imgPath ?? null },
        date: h.createdAt,
        action: t([actionKey?.(h) ?? `${actions}.${h.action}`, `record.history.${h.action}`], { defaultValue: h.action, ...actionValues?.(h) }),
        from: changed && status && h.fromStatus ? status(h.fromStatus) : undefined,
        to: changed && status ? status(h.toStatus!) : undefined,
        comment: lines(extra),
      };
      return { at: Date.parse(h.createdAt), order: h.id, entry };
    });
    const comments = (source.comments ?? []).map((c) => ({
      at: Date.parse(c.createdAt),
      order: c.id,
      entry: {
        id: `c${c.id}`,
        user: { name: c.author.name, img: c.author.imgPath ?? null },
        date: c.createdAt,
        action: t('record.timeline.commented'),
        comment: lines([c.text]),
      } satisfies TimelineEntry,
    }));
    return [...history, ...comments].sort((a, b) => b.at - a.at || b.order - a.order).map((x) => x.entry);
  }, [source, t, actions, actionKey, actionValues, status, notes]);
}
