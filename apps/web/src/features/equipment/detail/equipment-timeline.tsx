import type { EquipmentStatus } from '@servicedesk/contracts';
import { formatMoney } from '@servicedesk/i18n';
import { RecordStatus } from '../../shared/record/RecordStatus';
import type { RecordTimelineOptions } from '../../shared/record/use-record-timeline';
import { statusFamily } from '../shared/equipment-display';

/** An equipment request's status badge (the kit's RecordStatus with equipment's families and labels). */
export const equipmentStatus = (value: string) => (
  <RecordStatus status={value as EquipmentStatus} families={statusFamily} labels="equipment.status" />
);

/** The equipment history's words: budget checks and overrides (amounts in the request's currency), line decisions; a substitute named with the one they stood in for. */
export const equipmentTimelineOptions = (currency: string, lang: string): RecordTimelineOptions => ({
  actions: 'equipment.history',
  status: equipmentStatus,
  onBehalf: (who, onBehalfOf, t) => t('equipment.history.onBehalf', { name: who, onBehalfOf }),
  notes: (h, t) => {
    const d = (h.details ?? {}) as { budget?: { override?: boolean; remaining?: number; requested?: number }; overBudget?: boolean; remaining?: number; requested?: number; currency?: string; lines?: { position: number; decision: string }[] };
    const money = (n: unknown) => formatMoney(Number(n), lang, currency);
    const notes: string[] = [];
    if (h.action === 'budgetCheck') notes.push(t(d.overBudget ? 'equipment.history.overBudget' : 'equipment.history.withinBudget', { remaining: money(d.remaining), requested: money(d.requested) }));
    if (d.budget?.override) notes.push(t('equipment.history.override', { remaining: money(d.budget.remaining), requested: money(d.budget.requested) }));
    for (const line of d.lines ?? []) notes.push(t(`equipment.history.line.${line.decision}`, { n: line.position }));
    if (h.action === 'receivePurchase') notes.push(t('equipment.history.line.received', { n: (d as { position?: number }).position ?? '', number: (d as { operationNumber?: string }).operationNumber ?? '' }));
    return notes;
  },
});
