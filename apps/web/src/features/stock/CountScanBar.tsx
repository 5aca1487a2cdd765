import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useScanCount } from '@servicedesk/api/stock/stock-mutations';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { CameraScanButton } from '@servicedesk/ui/CameraScan';
import { cameraTexts } from './camera-texts';
import * as p from '../shared/page.css';
import * as s from '../shared/list-page.css';

/**
 * An open count's bar: the scan field (Enter adds: a USB scanner types the number or serial and
 * presses Enter; the camera button reads a label and adds it the same way), Add, "Post…"
 * (`onPost`: the plan first) and "Cancel the count" (`onCancel`: the page confirms it).
 */
export function CountScanBar({ id, scan, onPost, onCancel }: { id: number; scan: ReturnType<typeof useScanCount>; onPost: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const add = (typed: string = number) => {
    const value = typed.trim();
    if (!value) return;
    // Cleared only while it still holds this code: the next one may already be typed in.
    scan.mutate({ id, inventoryNumber: value }, { onSuccess: () => setNumber((c) => (c.trim() === value ? '' : c)) });
  };
  return (
    <section className={p.card}>
      <form
        className={s.formActions}
        style={{ justifyContent: 'flex-start', alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextField label={t('stock.count.scanLabel')} description={t('stock.units.scanHint')} value={number} onChange={setNumber} />
        {/* A phone's camera reads the label, fills the field and adds it as Enter would. */}
        <CameraScanButton
          size="md"
          texts={cameraTexts(t)}
          onScan={(text) => {
            setNumber(text);
            add(text);
          }}
        />
        <Button type="submit" isPending={scan.isPending}>
          {t('stock.count.add')}
        </Button>
        <Button variant="secondary" onPress={onPost}>
          {t('stock.count.post')}
        </Button>
        <Button variant="ghost" onPress={onCancel}>
          {t('stock.count.cancel')}
        </Button>
      </form>
    </section>
  );
}
