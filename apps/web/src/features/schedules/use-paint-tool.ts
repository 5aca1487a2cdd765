import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleKind, ScheduleMonth } from '@servicedesk/contracts';
import { useScheduleEdits } from '@servicedesk/api/schedules/schedules';
import type { ScheduleGridPosition } from '@servicedesk/ui/ScheduleGrid';
import { toast } from '@servicedesk/ui/Toast';
import { refusal } from './refusal';
import { paintValue } from './schedule-model';

/**
 * The lead's painting tool on `month` (issue #18): what to paint — a kind and, for work and
 * remote, the shift's start and end ("HH:MM", 09:00–18:00 at first) — and `paint(cells, clear)`,
 * which sets (or clears) the cells through `POST /api/schedules/paint`; a refusal is a toast
 * (schedules `refusal`). `edits` are the schedule's mutations, shared with the toolbar so its
 * buttons show what is pending; `onError` is that toast for them.
 */
export function usePaintTool(month: ScheduleMonth) {
  const { t, i18n } = useTranslation();
  const edits = useScheduleEdits();
  const [kind, setKind] = useState<ScheduleKind>('work');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('18:00');
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
  const paint = (cells: ScheduleGridPosition[], clear = false) => {
    if (cells.length === 0) return;
    edits.paint.mutate(
      {
        groupId: month.groupId,
        cells: cells.map((c) => ({ userId: Number(c.personId), day: c.day })),
        value: clear ? null : paintValue(kind, start, end),
      },
      { onError },
    );
  };
  return {
    kind,
    setKind,
    start,
    setStart,
    end,
    setEnd,
    value: paintValue(kind, start, end),
    paint,
    edits,
    onError,
  };
}

/** What {@link usePaintTool} answers. */
export type PaintTool = ReturnType<typeof usePaintTool>;
