import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VendorInvoiceAction, VendorInvoiceDetail } from '@servicedesk/contracts';
import {
  useDeleteVendorInvoice,
  useVendorInvoiceAction,
  type VendorInvoiceActionVariables,
} from '@servicedesk/api/finance/vendor-invoices';
import { toast } from '@servicedesk/ui/Toast';
import { refusal } from '../shared/finance-display';
import type { DialogResult, InvoiceDialog } from './InvoiceDialogs';

/** Which dialog an action opens (null: it runs at once). */
export const dialogOf: Record<VendorInvoiceAction, InvoiceDialog> = {
  submit: null,
  approve: null,
  reject: 'reject',
  return: 'return',
  cancel: 'cancel',
  take: null,
  post: 'post',
  poolReturn: 'poolReturn',
  delete: 'delete',
};

/**
 * The vendor invoice page's actions (issue #16): `press(action)` runs one the server allows at
 * once (submit, approve, take) or opens its dialog (confirming the delivery at the warehouse
 * check opens the receipt form; reject, return, cancel, post, pool return and delete theirs);
 * `submitDialog` sends what the dialog gathered. Each success is a toast, a refusal a translated
 * error toast (finance-display `refusal`; `refused` for the page's other calls); deleting opens
 * the list. `running` is the action under way, `dialog` the one open.
 */
export function useInvoiceActions(id: number, detail: VendorInvoiceDetail | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useVendorInvoiceAction();
  const remove = useDeleteVendorInvoice();
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const [running, setRunning] = useState<VendorInvoiceAction | null>(null);

  const refused = (error: unknown) => {
    const r = refusal(error);
    toast.show({ title: t(r.key, { ...r.values, defaultValue: t('finance.errors.generic', r.values) }), variant: 'error' });
  };

  const send = async (vars: VendorInvoiceActionVariables, which: VendorInvoiceAction) => {
    setRunning(which);
    try {
      await action.mutateAsync(vars);
      toast.show({ title: which === 'take' ? t('finance.pool.took') : t('finance.detail.done'), variant: 'success' });
    } catch (error) {
      refused(error);
      throw error;
    } finally {
      setRunning(null);
    }
  };

  const press = (which: VendorInvoiceAction) => {
    if (!detail) return;
    if (which === 'approve' && detail.invoice.status === 'WAREHOUSE_CHECK') return setDialog('receipt');
    const d = dialogOf[which];
    if (d) return setDialog(d);
    const vars: VendorInvoiceActionVariables = which === 'take' ? { id, kind: 'take' } : { id, kind: 'nextProcess', action: which as 'submit' | 'approve' };
    send(vars, which).catch(() => undefined);
  };

  const submitDialog = async (which: Exclude<InvoiceDialog, null>, r: DialogResult) => {
    if (which === 'delete') {
      try {
        await remove.mutateAsync(id);
        toast.show({ title: t('finance.detail.deleted'), variant: 'success' });
        void navigate('/home/finance/vendor-invoices');
      } catch (error) {
        refused(error);
        throw error;
      }
      return;
    }
    if (which === 'receipt') return send({ id, kind: 'nextProcess', action: 'approve', received: r.received }, 'approve');
    if (which === 'post') return send({ id, kind: 'post', paidDate: r.paidDate ?? '', paymentReference: r.paymentReference ?? '' }, 'post');
    if (which === 'poolReturn') return send({ id, kind: 'poolReturn', comment: r.comment ?? '' }, 'poolReturn');
    return send({ id, kind: 'nextProcess', action: which, ...(r.comment ? { comment: r.comment } : {}) }, which);
  };

  return { dialog, closeDialog: () => setDialog(null), running, press, submitDialog, refused };
}

/** What {@link useInvoiceActions} answers. */
export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
