import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContractAction } from '@servicedesk/api/contracts/contract-action';
import { useSaveContract } from '@servicedesk/api/contracts/save-contract';
import { toast } from '@servicedesk/ui/Toast';
import { contractErrorText } from '../shared/contracts-display';
import { toSaveInput, validateContractForm, type ContractFormValues } from './contract-form';

/**
 * The contract form's state (issue #14): its values from `initial`, `set(key, value)` (which also
 * drops the server's last refusal), the problems to show — none until the first attempt to send
 * (contract-form `validateContractForm`), then each field's translated text through `message` —
 * and `send(submitToo)`: saves (`editId` null creates), with `submitToo` submits into the chain,
 * says so in a toast and opens the contract; a refusal becomes `serverError` (contracts-display
 * `contractErrorText`: by code, a duplicate TIN naming its holder).
 */
export function useContractForm(initial: ContractFormValues, editId: number | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<ContractFormValues>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveContract();
  const action = useContractAction();

  const set = <K extends keyof ContractFormValues>(key: K, value: ContractFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };
  /** TinCheck's offer taken: the existing counterparty with the typed TIN instead of a new one. */
  const takeExisting = (id: number) => {
    setValues((v) => ({ ...v, mode: 'existing', counterpartyId: id, newTin: '', newName: '' }));
    setServerError(null);
  };
  const errors = attempted ? validateContractForm(values) : {};
  const message = (key: keyof ContractFormValues) => (errors[key] ? t(errors[key]) : undefined);

  async function send(submitToo: boolean) {
    setAttempted(true);
    if (Object.keys(validateContractForm(values)).length > 0) return;
    try {
      const detail = await save.mutateAsync(toSaveInput(values, editId ?? undefined));
      if (submitToo) await action.mutateAsync({ id: detail.contract.id, call: 'submit' });
      toast.show({
        title: t(submitToo ? 'contracts.actions.done.submit' : 'contracts.actions.done.save'),
        variant: 'success',
      });
      void navigate(`/home/contracts/${detail.contract.id}`);
    } catch (error) {
      setServerError(contractErrorText(error, t));
    }
  }

  return {
    values,
    set,
    takeExisting,
    errors,
    message,
    send,
    serverError,
    busy: save.isPending || action.isPending,
  };
}

/** What {@link useContractForm} answers; the form's parts take it whole. */
export type ContractFormState = ReturnType<typeof useContractForm>;
