import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { STOCK_REASON_MIN, type CountSession } from '@servicedesk/contracts';
import { useStockReference } from '@servicedesk/api/stock/stock-queries';
import { usePostCount, useScanCount, useStartCount } from '@servicedesk/api/stock/stock-mutations';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { stockErrorText } from './stock-display';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

const LISTS = ['found', 'missing', 'misplaced'] as const;

/**
 * /home/inventory/warehouses/count (issue #13 "Physical count"; works on a phone): pick a
 * warehouse and start; scan or type inventory numbers (Enter adds one; a barcode scanner types
 * and presses Enter); see found / missing / misplaced / unknown as they change; "Post the
 * differences" writes the misplaced ones in stock elsewhere as transfers here and the missing ones
 * as a write-off with a reason, in one step.
 */
export function CountPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const reference = useStockReference();
  const start = useStartCount();
  const scan = useScanCount();
  const post = usePostCount();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [session, setSession] = useState<CountSession | null>(null);
  const [number, setNumber] = useState('');
  const [postOpen, setPostOpen] = useState(false);
  const error = start.error ?? scan.error ?? post.error;

  const add = () => {
    const value = number.trim();
    if (!session || !value) return;
    scan.mutate({ id: session.id, inventoryNumber: value }, { onSuccess: (next) => (setSession(next), setNumber('')) });
  };

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('stock.count.title')}</h1>
        <p className={p.lead}>{t('stock.count.description')}</p>
      </div>
      {error ? <p className={f.error} role="alert">{stockErrorText(t, error, lang)}</p> : null}
      {!session ? (
        <section className={`${p.card} ${s.formCard}`}>
          <div className={f.form}>
            <Select
              placeholder={t('stock.choose')}
              label={t('stock.columns.warehouse')}
              items={(reference.data?.warehouses ?? []).filter((w) => w.isActive).map((w) => ({ id: String(w.id), label: w.name }))}
              selectedKey={warehouseId}
              onSelectionChange={(key) => setWarehouseId(key === null ? null : String(key))}
            />
            <Button isDisabled={!warehouseId} isPending={start.isPending} onPress={() => start.mutate(Number(warehouseId), { onSuccess: setSession })}>
              {t('stock.count.start')}
            </Button>
          </div>
        </section>
      ) : (
        <>
          <section className={p.card}>
            <h2 className={p.cardTitle}>{session.warehouseName}</h2>
            {session.status === 'open' ? (
              <form
                className={s.formActions}
                onSubmit={(e) => {
                  e.preventDefault();
                  add();
                }}
              >
                <TextField label={t('stock.count.number')} value={number} onChange={setNumber} />
                <Button type="submit" isPending={scan.isPending}>
                  {t('stock.count.add')}
                </Button>
                <Button variant="secondary" onPress={() => setPostOpen(true)}>
                  {t('stock.count.post')}
                </Button>
              </form>
            ) : (
              <p className={f.success} role="status">
                {t('stock.count.posted')}{' '}
                {session.operationIds.map((id) => (
                  <RouterLink key={id} to={`/home/inventory/warehouses/operations/${id}`} style={{ marginRight: 8 }}>
                    #{id}
                  </RouterLink>
                ))}
              </p>
            )}
          </section>
          <div className={p.grid}>
            {LISTS.map((list) => (
              <section key={list} className={p.card} aria-labelledby={`count-${list}`} data-testid={`count-${list}`}>
                <h2 id={`count-${list}`} className={p.cardTitle}>
                  {t(`stock.count.${list}`, { n: session[list].length })}
                </h2>
                <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                  {session[list].map((item) => (
                    <li key={item.id}>
                      <RouterLink to={`/home/inventory/inventories/${item.id}`}>{item.inventoryNumber}</RouterLink> — {item.materialName}
                      {list === 'misplaced' && item.warehouseName ? ` (${item.warehouseName})` : ''}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {session.unknown.length ? (
              <section className={p.card} aria-labelledby="count-unknown">
                <h2 id="count-unknown" className={p.cardTitle}>
                  {t('stock.count.unknown', { n: session.unknown.length })}
                </h2>
                <p className={p.muted}>{session.unknown.join(', ')}</p>
              </section>
            ) : null}
          </div>
        </>
      )}
      <Prompt
        title={t('stock.count.post')}
        isOpen={postOpen}
        onOpenChange={setPostOpen}
        label={t('stock.columns.reason')}
        message={t('stock.count.postHint')}
        minLength={STOCK_REASON_MIN}
        minLengthMessage={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })}
        submitLabel={t('stock.count.post')}
        cancelLabel={t('cancel')}
        onSubmit={async (reason) => {
          if (session) setSession(await post.mutateAsync({ id: session.id, reason }));
        }}
      />
    </div>
  );
}
