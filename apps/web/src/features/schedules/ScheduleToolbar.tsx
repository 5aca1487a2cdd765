import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_KINDS, type ScheduleKind, type ScheduleMonth } from '@servicedesk/contracts';
import { formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import type { ScheduleGridPosition } from '@servicedesk/ui/ScheduleGrid';
import { toast } from '@servicedesk/ui/Toast';
import { NativeInputField, NativeSelectField } from '../shared/native-fields';
import { mondayOf, selectionSummary, weeksAfter } from './schedule-model';
import { ShiftTemplates } from './ShiftTemplates';
import type { PaintTool } from './use-paint-tool';
import * as s from './schedules.css';

const DAY_OFF = { kind: 'dayOff', startMinute: null, endMinute: null } as const;

/** The group's minimum coverage (people present a working day), saved with `POST /api/schedules/settings`. */
function MinCoverageForm({ month, tool }: { month: ScheduleMonth; tool: PaintTool }) {
  const { t } = useTranslation();
  const [min, setMin] = useState(String(month.minCoverage));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(min);
    if (Number.isInteger(value) && value >= 0)
      tool.edits.settings.mutate(
        { groupId: month.groupId, minCoverage: value },
        { onError: tool.onError },
      );
  };
  return (
    <form className={s.inline} onSubmit={submit}>
      <NativeInputField
        label={t('schedules.minCoverage')}
        type="number"
        min={0}
        max={1000}
        value={min}
        onChange={(e) => setMin(e.target.value)}
        style={{ width: '5rem' }}
      />
      <Button type="submit" variant="secondary" isPending={tool.edits.settings.isPending}>
        {t('schedules.save')}
      </Button>
    </form>
  );
}

/**
 * The lead's tools over the grid (issue #18): what to paint (kind, shift), paint or clear the
 * selection, copy the selection's week to the rest of the month, a 2-on-2-off pattern from the
 * first selected day for the selected people, the minimum coverage — and the shift templates.
 */
export function ScheduleToolbar({
  month,
  selection,
  tool,
}: {
  month: ScheduleMonth;
  selection: ScheduleGridPosition[];
  tool: PaintTool;
}) {
  const { t, i18n } = useTranslation();
  const { edits, onError } = tool;
  const busy = edits.paint.isPending || edits.copyWeek.isPending || edits.pattern.isPending;
  const { userIds, from } = selectionSummary(selection);
  const shift = tool.kind === 'work' || tool.kind === 'remote';
  const copyWeek = () => {
    if (!from) return;
    const weekStart = mondayOf(from);
    edits.copyWeek.mutate(
      { groupId: month.groupId, weekStart, weeks: weeksAfter(weekStart, month) },
      {
        onSuccess: () => toast.show({ title: t('schedules.copied'), variant: 'success' }),
        onError,
      },
    );
  };
  const pattern = () => {
    if (!from) return;
    edits.pattern.mutate(
      {
        groupId: month.groupId,
        userIds,
        from,
        to: month.days[month.days.length - 1]!.day,
        pattern: [tool.value, tool.value, DAY_OFF, DAY_OFF],
      },
      {
        onSuccess: () => toast.show({ title: t('schedules.patternApplied'), variant: 'success' }),
        onError,
      },
    );
  };
  return (
    <>
      <div className={s.toolbar} role="group" aria-label={t('schedules.toolbar')}>
        <NativeSelectField
          label={t('schedules.kind')}
          value={tool.kind}
          onChange={(e) => tool.setKind(e.target.value as ScheduleKind)}
          options={SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`schedules.kinds.${k}`) }))}
        />
        <NativeInputField
          label={t('schedules.shiftStart')}
          type="time"
          value={tool.start}
          disabled={!shift}
          onChange={(e) => tool.setStart(e.target.value)}
        />
        <NativeInputField
          label={t('schedules.shiftEnd')}
          type="time"
          value={tool.end}
          disabled={!shift}
          onChange={(e) => tool.setEnd(e.target.value)}
        />
        <Button
          onPress={() => tool.paint(selection)}
          isDisabled={selection.length === 0}
          isPending={edits.paint.isPending}
        >
          {t('schedules.paint', { n: formatNumber(selection.length, i18n.language) })}
        </Button>
        <Button
          variant="secondary"
          onPress={() => tool.paint(selection, true)}
          isDisabled={selection.length === 0 || busy}
        >
          {t('schedules.clear')}
        </Button>
        <Button
          variant="secondary"
          isDisabled={!from || busy}
          isPending={edits.copyWeek.isPending}
          onPress={copyWeek}
        >
          {t('schedules.copyWeek')}
        </Button>
        <Button
          variant="secondary"
          isDisabled={!from || userIds.length === 0 || busy}
          isPending={edits.pattern.isPending}
          onPress={pattern}
        >
          {t('schedules.pattern')}
        </Button>
        <MinCoverageForm month={month} tool={tool} />
      </div>
      <ShiftTemplates month={month} value={tool.value} userIds={userIds} from={from} />
    </>
  );
}
