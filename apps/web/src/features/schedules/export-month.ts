import type { ScheduleMonth } from '@servicedesk/contracts';
import { saveBlob } from '../shared/files/use-file-download';

/**
 * Saves `month` as "<group> <YYYY-MM>.xlsx": `rows` (schedule-model `monthRows`) as text cells,
 * the first row bold, the people column wide and one narrow column per day. write-excel-file is
 * loaded on first use (kept out of the page's chunk).
 */
export async function exportMonthXlsx(month: ScheduleMonth, rows: string[][]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = rows.map((row, r) =>
    row.map((value) => ({
      value,
      type: String,
      fontWeight: r === 0 ? ('bold' as const) : undefined,
    })),
  );
  const blob = await writeXlsxFile(data, {
    columns: [{ width: 28 }, ...month.days.map(() => ({ width: 7 }))],
  }).toBlob();
  saveBlob(blob, `${month.groupName} ${month.month}.xlsx`);
}
