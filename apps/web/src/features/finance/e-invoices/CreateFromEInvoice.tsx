import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EInvoiceDetail } from '@servicedesk/contracts';
import { useCreateInvoiceFromEInvoice } from '@servicedesk/api/finance/e-invoices';
import { useFinanceVendors } from '@servicedesk/api/finance/vendor-invoices';
import { Button } from '@servicedesk/ui/Button';
import { Select } from '@servicedesk/ui/Select';
import { toast } from '@servicedesk/ui/Toast';
import { DuplicateWarning, possibleDuplicate, type PossibleDuplicate } from '../invoices/DuplicateWarning';
import * as f from '../../shared/forms.css';

/**
 * "Create the vendor invoice" of an e-invoice not yet linked (issue #41): one call makes the DRAFT
 * with the XML's lines and links it; a seller that is no vendor needs the vendor chosen first; the
 * same-amount warning is confirmed as on the form. Opens the new invoice.
 */
export function CreateFromEInvoice({ eInvoice }: { eInvoice: EInvoiceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateInvoiceFromEInvoice();
  const vendors = useFinanceVendors();
  const [vendorId, setVendorId] = useState<number | null>(eInvoice.vendorId);
  const [duplicate, setDuplicate] = useState<PossibleDuplicate | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (eInvoice.vendorInvoiceId !== null) return null;
  const run = (confirmDuplicate: boolean) => {
    setError(null);
    create.mutate(
      { id: eInvoice.id, ...(eInvoice.vendorId === null && vendorId !== null ? { vendorId } : {}), confirmDuplicate },
      {
        onSuccess: (detail) => {
          toast.show({ title: t('money.eInvoice.created', { number: detail.invoice.number }), variant: 'success' });
          void navigate(`/home/finance/vendor-invoices/${detail.invoice.id}`);
        },
        onError: (e) => {
          const similar = possibleDuplicate(e);
          if (similar) return setDuplicate(similar);
          // The server's message is already in the caller's language (SPEC §7).
          setError(t('money.eInvoice.failed', { message: e.message }));
        },
      },
    );
  };
  return (
    <div className={f.form}>
      {eInvoice.vendorId === null ? (
        <Select
          label={t('money.eInvoice.chooseVendor')}
          items={(vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.tin ? `${v.name} (${v.tin})` : v.name }))}
          selectedKey={vendorId === null ? null : String(vendorId)}
          onSelectionChange={(key) => setVendorId(key === null ? null : Number(key))}
        />
      ) : null}
      {error ? (
        <p className={f.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={f.actions}>
        <Button isDisabled={vendorId === null} isPending={create.isPending} onPress={() => run(false)}>
          {t('money.eInvoice.create')}
        </Button>
      </div>
      <DuplicateWarning
        duplicate={duplicate}
        onClose={() => setDuplicate(null)}
        onConfirm={() => {
          setDuplicate(null);
          run(true);
        }}
      />
    </div>
  );
}
