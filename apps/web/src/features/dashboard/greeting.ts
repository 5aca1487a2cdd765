/** The parts of the day the dashboard's greeting names (i18n keys dashboard.greeting.<part>). */
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** The part of the day the greeting names: morning 05:00–11:59, afternoon 12:00–17:59, evening otherwise (local time). */
export function partOfDay(date: Date): PartOfDay {
  const h = date.getHours();
  if (h >= 5 && h < 12) return 'morning';
  if (h >= 12 && h < 18) return 'afternoon';
  return 'evening';
}
