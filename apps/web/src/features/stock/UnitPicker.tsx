import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableUnit } from '@servicedesk/contracts';
import { useAvailableUnits } from '@servicedesk/api/stock/stock-queries';
import { formatDate } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import type { FieldCheckProps } from '../shared/form-check';
import * as s from '../shared/list-page.css';
import * as f from '../shared/forms.css';

/** Where the units come from: a warehouse's stock (issue, transfer, write-off) or a person's hands (return). */
export interface UnitSource {
  materialId: number;
  warehouseId: number | null;
  holderId: number | null;
  includeRepair: boolean;
}

/** Whether `code` (scanned or typed) names `unit`: its inventory number or serial, case-insensitive. */
export const unitMatches = (unit: AvailableUnit, code: string): boolean => {
  const c = code.trim().toUpperCase();
  return unit.inventoryNumber.toUpperCase() === c || (unit.serial ?? '').toUpperCase() === c;
};

/**
 * The units of an operation line (issue #40 "the keeper chooses the units"): a scan field — a USB
 * scanner types the number or serial and presses Enter — and the source's units to tick, oldest
 * first; "Suggest the oldest" ticks the first `suggest` of them. A code that is not among the
 * available units is said at once (the server checks again when posting). No camera yet (no
 * barcode library in the tree).
 */
export function UnitPicker({
  source,
  chosen,
  onChange,
  suggest,
  check,
}: {
  source: UnitSource;
  chosen: AvailableUnit[];
  onChange: (units: AvailableUnit[]) => void;
  /** How many units the line wants (its quantity), for the suggestion. */
  suggest: number;
  check: FieldCheckProps;
}) {
  const { t, i18n } = useTranslation();
  const ready = source.warehouseId !== null || source.holderId !== null;
  const units = useAvailableUnits(
    { materialId: source.materialId, warehouseId: source.holderId ? null : source.warehouseId, holderId: source.holderId, includeRepair: source.includeRepair },
    ready,
  );
  const [code, setCode] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const rows = units.data?.rows ?? [];
  const chosenIds = new Set(chosen.map((u) => u.id));
  const toggle = (unit: AvailableUnit) => onChange(chosenIds.has(unit.id) ? chosen.filter((u) => u.id !== unit.id) : [...chosen, unit]);

  const scan = () => {
    const value = code.trim();
    if (!value) return;
    const unit = rows.find((u) => unitMatches(u, value));
    if (!unit) {
      setScanError(t('stock.units.notAvailable', { code: value }));
      return;
    }
    setScanError(null);
    if (!chosenIds.has(unit.id)) onChange([...chosen, unit]);
    setCode('');
  };

  if (!ready) return <p className={s.muted}>{t('stock.units.chooseSourceFirst')}</p>;
  return (
    <div className={s.fieldset} role="group" aria-label={t('stock.units.title')}>
      <div className={s.formActions} style={{ justifyContent: 'flex-start', alignItems: 'flex-end' }}>
        <TextField
          label={t('stock.units.scan')}
          description={t('stock.units.scanHint')}
          value={code}
          onChange={setCode}
          errorMessage={scanError ?? undefined}
          isInvalid={scanError !== null}
          // A scanner types the code and presses Enter: add the unit, never submit the form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              scan();
            }
          }}
        />
        <Button variant="secondary" size="sm" onPress={scan}>
          {t('stock.units.add')}
        </Button>
        <Button variant="ghost" size="sm" isDisabled={rows.length === 0} onPress={() => onChange(rows.slice(0, Math.max(1, suggest)))}>
          {t('stock.units.suggest', { n: Math.max(1, suggest) })}
        </Button>
      </div>
      <p className={s.muted} aria-live="polite">
        {t('stock.units.chosen', { n: chosen.length, total: units.data?.total ?? 0 })}
      </p>
      {check.isInvalid && check.errorMessage ? (
        <p className={f.error} role="alert">
          {check.errorMessage}
        </p>
      ) : null}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '16rem', overflowY: 'auto' }} aria-label={t('stock.units.available')}>
        {rows.map((unit) => (
          <li key={unit.id}>
            <label className={s.check}>
              <input type="checkbox" className={s.checkbox} checked={chosenIds.has(unit.id)} onChange={() => toggle(unit)} />
              <span>
                {unit.inventoryNumber}
                {unit.serial ? ` · ${unit.serial}` : ''} <span className={s.muted}>· {t('stock.units.since', { date: formatDate(unit.receivedAt, i18n.language) })}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
