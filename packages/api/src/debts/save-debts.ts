import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddRecordCommentInput,
  type DebtComment,
  type DebtGroup,
  type DebtGroupInput,
  type DebtPaymentType,
  type DebtPaymentTypeInput,
  type DebtReportDetail,
  type DebtStatusInput,
  type ImportResult,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { postMultipart } from '../files/upload-files';
import { debtKeys } from './debts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const debtsContracts = () => import('@servicedesk/contracts/debts');

/** POST /api/debtReports/{id}/status { status, comment? } → DebtReportDetail; 422 `statusUnchanged` / `commentRequired`; 409 `reportChanged`. */
export function updateDebtStatus(client: ApiClient, id: number, input: DebtStatusInput): Promise<DebtReportDetail> {
  return client.request({ method: 'POST', path: encodePath`/debtReports/${id}/status`, body: input, schema: () => debtsContracts().then((m) => m.debtReportDetail) });
}
export function useUpdateDebtStatus(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DebtReportDetail, ApiRequestError, DebtStatusInput>({
    mutationFn: (input) => updateDebtStatus(client, id, input),
    onSuccess: async (detail) => {
      queryClient.setQueryData(debtKeys.detail(id), detail);
      await queryClient.invalidateQueries({ queryKey: debtKeys.lists() });
    },
  });
}

/** POST /api/debtReports/{id}/comments { text, mentionedUserIds } → DebtComment (the mentioned are notified). */
export function useAddDebtComment(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DebtComment, ApiRequestError, AddRecordCommentInput>({
    mutationFn: (input) => client.request({ method: 'POST', path: encodePath`/debtReports/${id}/comments`, body: input, schema: () => debtsContracts().then((m) => m.debtComment) }),
    onSuccess: async (comment) => {
      queryClient.setQueryData<DebtReportDetail>(debtKeys.detail(id), (old) =>
        old && !old.comments.some((c) => c.id === comment.id) ? { ...old, comments: [...old.comments, comment] } : old,
      );
      await queryClient.invalidateQueries({ queryKey: debtKeys.detail(id) });
    },
  });
}

/** POST /api/debtReports/{id}/group { groupId } → DebtReportDetail. */
export function useAssignDebtGroup(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DebtReportDetail, ApiRequestError, number | null>({
    mutationFn: (groupId) => client.request({ method: 'POST', path: encodePath`/debtReports/${id}/group`, body: { groupId }, schema: () => debtsContracts().then((m) => m.debtReportDetail) }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(debtKeys.detail(id), detail);
      await queryClient.invalidateQueries({ queryKey: debtKeys.all });
    },
  });
}

/** POST (no id) or PUT /api/debtReports/groups[/{id}] → DebtGroup; 409 `nameTaken`. */
export function useSaveDebtGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DebtGroup, ApiRequestError, DebtGroupInput & { id?: number }>({
    mutationFn: ({ id, ...input }) =>
      client.request({ method: id ? 'PUT' : 'POST', path: id ? encodePath`/debtReports/groups/${id}` : '/debtReports/groups', body: input, schema: () => debtsContracts().then((m) => m.debtGroup) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtKeys.groups() }),
  });
}

/** POST (no id) or PUT /api/debtReports/paymentTypes[/{id}] → DebtPaymentType; 409 `codeTaken`. */
export function useSaveDebtPaymentType() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DebtPaymentType, ApiRequestError, DebtPaymentTypeInput & { id?: number }>({
    mutationFn: ({ id, ...input }) =>
      client.request({ method: id ? 'PUT' : 'POST', path: id ? encodePath`/debtReports/paymentTypes/${id}` : '/debtReports/paymentTypes', body: input, schema: () => debtsContracts().then((m) => m.debtPaymentType) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debtKeys.paymentTypes() }),
  });
}

/** Which import: the 1C data or a dislocation snapshot; preview (nothing saved) or import. */
export interface ImportFileInput {
  kind: 'oneC' | 'dislocation';
  action: 'preview' | 'import';
  file: File;
}

const importPath = ({ kind, action }: ImportFileInput) => (kind === 'oneC' ? `/debtReports/1CData/${action}` : `/dislocation/${action}`);

/**
 * POST /api/debtReports/1CData/{preview|import} or /api/dislocation/{preview|import} (multipart
 * `file`) → ImportResult. Errors: 400 `missingColumns` (details.columns), `emptyFile`,
 * `malformedCsv`, `noFiles`; 413 `fileTooLarge`.
 */
export function importFile(client: ApiClient, input: ImportFileInput): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return postMultipart(client, importPath(input), form, {}, () => debtsContracts().then((m) => m.importResult));
}

/** Mutation for {@link importFile}; an import (not a preview) refreshes every debt/dislocation answer. */
export function useImportFile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<ImportResult, ApiRequestError, ImportFileInput>({
    mutationFn: (input) => importFile(client, input),
    onSuccess: async (_result, input) => {
      if (input.action === 'import') await queryClient.invalidateQueries({ queryKey: debtKeys.all });
    },
  });
}
