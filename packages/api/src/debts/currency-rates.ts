import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencyRate, CurrencyRateImportResult } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { postMultipart } from '../files/upload-files';
import { downloadPdf } from '../files/download-pdf';
import { debtKeys } from './debts-keys';

/*
 * The official currency rates (issue #41): the accountant's table of CBAR rates, imported from the
 * bank's daily XML or typed by hand; the ageing converts with them (a saved rate refreshes it).
 */

const debtsContracts = () => import('@servicedesk/contracts/debts');

const rateKeys = {
  all: [...debtKeys.all, 'rates'] as const,
  list: (from: string, to: string) => [...debtKeys.all, 'rates', from, to] as const,
};

/** GET /api/debtReports/rates?from=&to= → CurrencyRate[] (newest date first, then by currency). */
export function useCurrencyRates(from: string, to: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: rateKeys.list(from, to),
    queryFn: ({ signal }): Promise<CurrencyRate[]> =>
      client.request({ method: 'GET', path: `/debtReports/rates?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, schema: () => debtsContracts().then((m) => m.currencyRateList), signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the accountant types: `rate` AZN for `nominal` units of `currency` on `rateDate`. */
export interface SaveCurrencyRateInput {
  currency: string;
  rateDate: string;
  rate: number;
  nominal: number;
  name?: string;
}

/** PUT /api/debtReports/rates → CurrencyRate (replaces that date's rate); refreshes the rates and every ageing. */
export function useSaveCurrencyRate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<CurrencyRate, ApiRequestError, SaveCurrencyRateInput>({
    mutationFn: (input) => client.request({ method: 'PUT', path: '/debtReports/rates', body: input, schema: () => debtsContracts().then((m) => m.currencyRate) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: debtKeys.all });
    },
  });
}

/** POST /api/debtReports/rates/import (multipart `file`: CBAR's daily XML) → CurrencyRateImportResult; 422 `ratesFileInvalid`. */
export function importCurrencyRates(client: ApiClient, file: File): Promise<CurrencyRateImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postMultipart(client, '/debtReports/rates/import', form, {}, () => debtsContracts().then((m) => m.currencyRateImportResult));
}
export function useImportCurrencyRates() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<CurrencyRateImportResult, ApiRequestError, File>({
    mutationFn: (file) => importCurrencyRates(client, file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: debtKeys.all });
    },
  });
}

/** GET /api/debtReports/{id}/dunningLetter?asOf=&lang= → the dunning letter PDF (az | en | ru) as a Blob and its file name; 404. */
export function useDownloadDunningLetter() {
  const client = useApiClient();
  return useMutation<{ blob: Blob; fileName: string }, ApiRequestError, { id: number; asOf: string; lang: 'az' | 'en' | 'ru' }>({
    mutationFn: ({ id, asOf, lang }) => downloadPdf(client, `/debtReports/${id}/dunningLetter?asOf=${encodeURIComponent(asOf)}&lang=${lang}`, `dunning-${id}-${asOf}-${lang}.pdf`),
  });
}
