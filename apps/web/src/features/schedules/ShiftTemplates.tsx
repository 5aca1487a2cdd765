import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleCellValue, ScheduleMonth } from '@servicedesk/contracts';
import { useShiftTemplateEdits, useShiftTemplates } from '@servicedesk/api/schedules/schedules';
import { formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { NativeInputField, NativeSelectField } from '../shared/native-fields';
import { refusal } from './refusal';
import { dayText, mondayOf } from './schedule-model';
import * as s from './schedules.css';

/**
 * The lead's shift templates (issue #41): save the painting tool's `value` as a Monday–Friday
 * template (the weekend left as it is), and apply a template to the week of the first selected
 * day (`from`, else the month's first week) for the selected people (`userIds`, or everyone).
 */
export function ShiftTemplates({
  month,
  value,
  userIds,
  from,
}: {
  month: ScheduleMonth;
  value: ScheduleCellValue;
  userIds: number[];
  from: string | null;
}) {
  const { t, i18n } = useTranslation();
  const templates = useShiftTemplates(month.groupId);
  const edits = useShiftTemplateEdits();
  const [chosen, setChosen] = useState<number | null>(null);
  const [name, setName] = useState('');
  const onError = (error: unknown) =>
    toast.show({ title: refusal(t, error, i18n.language), variant: 'error' });
  const current = chosen ?? templates.data?.[0]?.id ?? null;
  const week = mondayOf(from ?? `${month.month}-01`);
  const people = userIds.length > 0 ? userIds : month.people.map((x) => x.id);
  const save = () =>
    edits.create.mutate(
      {
        groupId: month.groupId,
        name: name.trim(),
        days: [value, value, value, value, value, null, null],
      },
      {
        onSuccess: (created) => {
          setName('');
          setChosen(created.id);
          toast.show({ title: t('schedules.templates.saved'), variant: 'success' });
        },
        onError,
      },
    );
  const apply = () =>
    current !== null &&
    edits.apply.mutate(
      { groupId: month.groupId, templateId: current, weekStart: week, userIds: people },
      {
        onSuccess: () =>
          toast.show({ title: t('schedules.templates.applied'), variant: 'success' }),
        onError,
      },
    );
  return (
    <div className={s.toolbar} role="group" aria-label={t('schedules.templates.title')}>
      <NativeInputField
        label={t('schedules.templates.name')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <Button
        variant="secondary"
        isDisabled={!name.trim()}
        isPending={edits.create.isPending}
        onPress={save}
      >
        {t('schedules.templates.save')}
      </Button>
      {templates.data && templates.data.length > 0 ? (
        <>
          <NativeSelectField
            label={t('schedules.templates.title')}
            value={current ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            options={templates.data.map((x) => ({ value: x.id, label: x.name }))}
          />
          <Button
            variant="secondary"
            isDisabled={current === null}
            isPending={edits.apply.isPending}
            onPress={apply}
          >
            {t('schedules.templates.apply', {
              week: dayText(week, i18n.language),
              n: formatNumber(people.length, i18n.language),
            })}
          </Button>
        </>
      ) : null}
    </div>
  );
}
