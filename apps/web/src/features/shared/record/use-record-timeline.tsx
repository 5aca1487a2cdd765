import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TimelineEntry } from '@servicedesk/ui/Timeline';
import * as s from './record.css';

/** A person as history rows and comments name them. */
interface TimelinePerson {
  name: string;
  imgPath?: string | null;
}

/** A history row of any record kind (the record foundation's RecordHistoryEntry, or a module's narrower type of it). */
export interface TimelineHistoryRow {
  id: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actor: TimelinePerson | null;
  onBehalfOf?: TimelinePerson | null;
  comment: string | null;
  details?: Record<string, unknown> | null;
  createdAt: string;
}

/** A comment of any record kind (RecordComment). */
export interface TimelineComment {
  id: number;
  author: TimelinePerson;
  text: string;
  createdAt: string;
}

/** What a record page tells the timeline about its module's history rows. */
export interface RecordTimelineOptions<H extends TimelineHistoryRow = TimelineHistoryRow> {
  /**
   * The translation key prefix of the module's history actions: an entry's action word is
   * `<actions>.<action>`, else the kit's word for the engine's actions (`record.history.<action>`),
   * else the action itself.
   */
  actions: string;
  /** The action word's key of an entry when it is not `<actions>.<action>` (e.g. debts: every status change is `status`). */
  actionKey?: (entry: H) => string;
  /** Placeholders of the action word (e.g. a registration's number). */
  actionValues?: (entry: H) => Record<string, unknown>;
  /** A status as shown in the from → to of a change (usually the page's RecordStatus); no arrow when omitted. */
  status?: (status: string) => ReactNode;
  /** The module's own lines under an entry (who it was assigned to, the budget figures), above the entry's comment. */
  notes?: (entry: H, t: TFunction) => string[];
  /** How a substitute's step names its people: default a note "on behalf of Y" under the substitute's name; a function puts both in the name instead ("X on behalf of Y"). */
  onBehalf?: (who: string, onBehalfOf: string, t: TFunction) => string;
}

/** The lines of an entry as one block, line breaks kept. */
function lines(list: string[]): ReactNode {
  return list.length > 0 ? <span className={s.timelineText}>{list.join('\n')}</span> : undefined;
}

/**
 * A record's history rows and comments as one Timeline, newest first (`order` 'oldest' for a
 * conversation read top down): who (the system when no
 * one), when, the action in the module's words, from → to when the status changed, and the
 * notes — "on behalf of X" for a substitute's step, the module's own notes, the comment. The
 * record foundation's history shape (contracts RecordHistoryEntry, RecordComment) is the same for
 * every kind, so this is the one mapping of every record page.
 */
export function useRecordTimeline<H extends TimelineHistoryRow>(
  source: { history: readonly H[]; comments?: readonly TimelineComment[] } | undefined,
  options: RecordTimelineOptions<H>,
  order: 'newest' | 'oldest' = 'newest',
): TimelineEntry[] {
  const { t } = useTranslation();
  const { actions, actionKey, actionValues, status, notes, onBehalf } = options;
  return useMemo(() => {
    if (!source) return [];
    const history = source.history.map((h) => {
      const extra: string[] = [];
      const who = h.actor?.name ?? t('record.timeline.system');
      if (h.onBehalfOf && !onBehalf) extra.push(t('record.timeline.onBehalfOf', { name: h.onBehalfOf.name }));
      extra.push(...(notes?.(h, t) ?? []));
      if (h.comment) extra.push(h.comment);
      const changed = h.toStatus !== null && h.fromStatus !== h.toStatus;
      const entry: TimelineEntry = {
        id: `h${h.id}`,
        user: { name: h.onBehalfOf && onBehalf ? onBehalf(who, h.onBehalfOf.name, t) : who, img: h.actor?.imgPath ?? null },
        date: h.createdAt,
        action: t([actionKey?.(h) ?? `${actions}.${h.action}`, `record.history.${h.action}`], { defaultValue: h.action, ...actionValues?.(h) }),
        from: changed && status && h.fromStatus ? status(h.fromStatus) : undefined,
        to: changed && status ? status(h.toStatus!) : undefined,
        comment: lines(extra),
      };
      return { at: Date.parse(h.createdAt), comment: false, order: h.id, entry };
    });
    const comments = (source.comments ?? []).map((c) => ({
      at: Date.parse(c.createdAt),
      comment: true,
      order: c.id,
      entry: {
        id: `c${c.id}`,
        user: { name: c.author.name, img: c.author.imgPath ?? null },
        date: c.createdAt,
        action: t('record.timeline.commented'),
        comment: lines([c.text]),
      } satisfies TimelineEntry,
    }));
    // Newest first; at the same instant the comment made with a step shows above the step's row.
    const sorted = [...history, ...comments].sort((a, b) => b.at - a.at || Number(b.comment) - Number(a.comment) || b.order - a.order);
    return (order === 'oldest' ? sorted.reverse() : sorted).map((x) => x.entry);
  }, [source, t, actions, actionKey, actionValues, status, notes, onBehalf, order]);
}
