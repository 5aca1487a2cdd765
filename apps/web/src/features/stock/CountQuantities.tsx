import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountSession } from '@servicedesk/contracts';
import { useMaterialSearch } from '@servicedesk/api/stock/stock-queries';
import { useSetCountLine } from '@servicedesk/api/stock/stock-mutations';
import { Button } from '@servicedesk/ui/Button';
import * as st from '@servicedesk/ui/SimpleTable';
import { LazyComboBox as ComboBox, LazyNumberField as NumberField } from '../shared/lazy-fields';
import { formatAmount, formatQuantity, stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

/** A counted quantity of a material not kept as units: the material (searched), the quantity, Save. */
function QuantityLineForm({ session }: { session: CountSession }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const materials = useMaterialSearch(search);
  const [materialId, setMaterialId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(Number.NaN);
  const save = useSetCountLine();
  const items = (materials.data ?? []).filter((m) => !m.tracksInventories).map((m) => ({ id: String(m.id), label: `${m.code} — ${m.name}` }));
  return (
    <form
      className={s.formGrid}
      aria-label={t('stock.count.quantityTitle')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!materialId || Number.isNaN(quantity)) return;
        save.mutate({ id: session.id, materialId: Number(materialId), countedQuantity: quantity }, { onSuccess: () => (setMaterialId(null), setQuantity(Number.NaN), setSearch('')) });
      }}
    >
      <ComboBox
        label={t('stock.columns.material')}
        items={items}
        selectedKey={materialId}
        onSelectionChange={(key) => setMaterialId(key === null ? null : String(key))}
        onInputChange={setSearch}
        openLabel={t('stock.operations.openMaterials')}
        emptyLabel={t('table.noResults')}
      />
      <NumberField label={t('stock.count.counted')} value={quantity} onChange={setQuantity} minValue={0} />
      <div className={s.formActions} style={{ alignItems: 'flex-end' }}>
        <Button type="submit" variant="secondary" isPending={save.isPending}>
          {t('stock.count.saveLine')}
        </Button>
      </div>
      {save.error ? <p className={f.error} role="alert">{stockErrorText(t, save.error, i18n.language)}</p> : null}
    </form>
  );
}

/** A count's quantity lines: the form to count one (while the count is open) and each line counted against the book, with the difference's value. */
export function CountQuantities({ session }: { session: CountSession }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className={p.card} aria-labelledby="count-lines">
      <h2 id="count-lines" className={p.cardTitle}>
        {t('stock.count.quantityTitle')}
      </h2>
      {session.status === 'open' ? <QuantityLineForm session={session} /> : null}
      {session.lines.length ? (
        <div className={st.tableWrap}>
          <table className={st.table} data-testid="count-lines" aria-label={t('stock.count.quantityTitle')}>
            <thead>
              <tr>
                <th className={st.th}>{t('stock.columns.material')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.count.book')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.count.counted')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.count.difference')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {session.lines.map((line) => (
                <tr key={line.materialId}>
                  <td className={st.td}>
                    {line.materialCode} — {line.materialName}
                  </td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.bookQuantity, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.countedQuantity, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.difference, lang)}</td>
                  <td className={`${st.td} ${st.numeric}`}>{formatAmount(line.value, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
