import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableUnit } from '@servicedesk/contracts';
import { getAvailableUnits, useAvailableUnits } from '@servicedesk/api/stock/stock-queries';
import { useApiClient } from '@servicedesk/api/provider';
import { formatDate } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { CameraScanButton } from '@servicedesk/ui/CameraScan';
import { TextField } from '@servicedesk/ui/TextField';
import type { FieldCheckProps } from '../shared/form-check';
import * as s from '../shared/list-page.css';
import * as f from '../shared/forms.css';
import { stockErrorText } from './stock-display';
import { cameraTexts } from './camera-texts';

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
 * first; "Suggest the oldest" ticks the first `suggest` of them. A scanned code found among the
 * listed units is chosen at once; any other code — the list still loading, or the unit beyond its
 * first 200 — is asked of the server (POST /stock/units with `search`), so a scan made right after
 * the material is picked is never refused for want of a list. A code that is not among the
 * available units is said (the server checks again when posting). The camera button beside the
 * field reads a barcode or QR code with a phone's camera and adds it as if typed.
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
  const client = useApiClient();
  const ready = source.warehouseId !== null || source.holderId !== null;
  const query = { materialId: source.materialId, warehouseId: source.holderId ? null : source.warehouseId, holderId: source.holderId, includeRepair: source.includeRepair };
  const units = useAvailableUnits(query, ready);
  const [code, setCode] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [asking, setAsking] = useState(0);
  const rows = units.data?.rows ?? [];
  const chosenIds = new Set(chosen.map((u) => u.id));
  // A unit chosen by a scan but not listed (the list still loading, or beyond its first 200) is
  // shown ticked too, first.
  const shown = [...chosen.filter((u) => !rows.some((r) => r.id === u.id)), ...rows];
  const toggle = (unit: AvailableUnit) => onChange(chosenIds.has(unit.id) ? chosen.filter((u) => u.id !== unit.id) : [...chosen, unit]);
  // A scan answered by the server lands after other scans or edits may have changed the line: it
  // adds to the chosen units of that moment, not of the render that started it.
  const latest = useRef({ chosen, onChange });
  useEffect(() => {
    latest.current = { chosen, onChange };
  });

  const choose = (unit: AvailableUnit) => {
    const now = latest.current;
    if (!now.chosen.some((u) => u.id === unit.id)) now.onChange([...now.chosen, unit]);
  };
  const scan = async (typed: string = code) => {
    const value = typed.trim();
    if (!value) return;
    setScanError(null);
    // Cleared only while it still holds this code: a scanner may already be typing the next one.
    const done = () => setCode((c) => (c.trim() === value ? '' : c));
    const listed = rows.find((u) => unitMatches(u, value));
    if (listed) {
      choose(listed);
      done();
      return;
    }
    setAsking((n) => n + 1);
    try {
      const answer = await getAvailableUnits(client, { ...query, search: value });
      const unit = answer.rows.find((u) => unitMatches(u, value));
      if (!unit) {
        setScanError(t('stock.units.notAvailable', { code: value }));
        return;
      }
      choose(unit);
      done();
    } catch (error) {
      setScanError(stockErrorText(t, error, i18n.language));
    } finally {
      setAsking((n) => n - 1);
    }
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
              void scan();
            }
          }}
        />
        {/* A phone's camera reads the label and fills the field, then adds as Enter would. */}
        <CameraScanButton
          texts={cameraTexts(t)}
          onScan={(text) => {
            setCode(text);
            void scan(text);
          }}
        />
        <Button variant="secondary" size="sm" onPress={() => void scan()} isPending={asking > 0}>
          {t('stock.units.add')}
        </Button>
        <Button variant="ghost" size="sm" isDisabled={rows.length === 0} onPress={() => onChange(rows.slice(0, Math.max(1, suggest)))}>
          {t('stock.units.suggest', { n: Math.max(1, suggest) })}
        </Button>
      </div>
      <p className={s.muted} aria-live="polite">
        {units.data ? t('stock.units.chosen', { n: chosen.length, total: units.data.total }) : t('stock.units.chosenLoading', { n: chosen.length })}
      </p>
      {check.isInvalid && check.errorMessage ? (
        <p className={f.error} role="alert">
          {check.errorMessage}
        </p>
      ) : null}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '16rem', overflowY: 'auto' }} aria-label={t('stock.units.available')}>
        {shown.map((unit) => (
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
