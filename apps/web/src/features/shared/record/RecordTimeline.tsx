import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@servicedesk/i18n';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { numericDateTime } from '../format';

/**
 * A record's timeline ({@link useRecordTimeline}'s entries): dates as the app's numeric date and
 * time in the current language, "→" between statuses, the kit's empty sentence unless the page
 * has its own. `label` names the list for assistive technology (default: "History").
 */
export function RecordTimeline({ entries, label, emptyText }: { entries: TimelineEntry[]; label?: string; emptyText?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Timeline
      entries={entries}
      label={label ?? t('record.timeline.title')}
      formatDate={(d) => formatDateTime(d, i18n.language, numericDateTime)}
      changedToLabel={t('record.timeline.changedTo')}
      emptyText={emptyText ?? t('record.timeline.empty')}
    />
  );
}
