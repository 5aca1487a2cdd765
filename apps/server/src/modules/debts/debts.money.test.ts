import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRateImportResult, currencyRateList, debtAgeingAll, importResult, type DebtAgeingAll } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { DEBT_EXAMPLES } from './debts.seed';
import { parseCbarXml, toAznMinor } from './debts.rates';

/*
 * Issue #41, the money half: official rates (the Central Bank of Azerbaijan's daily XML, a sample
 * kept in examples/) and the ageing of all counterparties per currency, converted to AZN at the
 * rate of the as-of date — never two currencies summed unconverted; the dunning letter.
 */

const CBAR_SAMPLE = new URL('./examples/cbar-rates-24.11.2026.xml', import.meta.url);

describe('the CBAR rates file', () => {
  it('reads the sample: its date, the currencies with nominal and rate, bank metals skipped', () => {
    const { rateDate, rates } = parseCbarXml(readFileSync(CBAR_SAMPLE, 'utf8'));
    expect(rateDate).toBe('2026-11-24');
    expect(rates.map((r) => r.currency)).toEqual(['USD', 'EUR', 'GBP', 'GEL', 'KZT', 'RUB', 'TRY', 'CNY', 'JPY', 'SDR']);
    expect(rates.find((r) => r.currency === 'RUB')).toEqual({ currency: 'RUB', nominal: 100, name: '100 Rusiya rublu', rate: 2.1443 });
  });

  it('refuses a DOCTYPE, another root and a file without currencies', () => {
    const code = (xml: string) => {
      try {
        parseCbarXml(xml);
        return 'parsed';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(code('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><ValCurs Date="24.11.2026"/>')).toBe('ratesFileInvalid');
    expect(code('<Rates Date="24.11.2026"/>')).toBe('ratesFileInvalid');
    expect(code('<ValCurs Date="24.11.2026"><ValType Type="Bank metalları"><Valute Code="XAU"><Nominal>1 t.u.</Nominal><Value>1</Value></Valute></ValType></ValCurs>')).toBe('ratesFileInvalid');
    expect(code('<ValCurs Date="31.02.2026"><ValType><Valute Code="USD"><Nominal>1</Nominal><Value>1.7</Value></Valute></ValType></ValCurs>')).toBe('ratesFileInvalid');
  });

  it('converts half away from zero per nominal', () => {
    expect(toAznMinor(111_000_000, { rate: 2.1443, nominal: 100 })).toBe(2_380_173);
    expect(toAznMinor(-100, { rate: 1.7, nominal: 1 })).toBe(-170);
    expect(toAznMinor(1, { rate: 0.5, nominal: 1 })).toBe(1);
  });
});

describe.each(backends)('rates and the ageing per currency on %s', (backend) => {
  let t: TestApp;
  let accountant: string;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [accountant, employee] = await Promise.all([t.login('accountant@servicedesk.az'), t.login('employee@servicedesk.az')]);
    // The demo 1C data (AZN, RUB, TRY, USD counterparties): created, or already there ("same").
    const res = await t.as(accountant, { method: 'POST', url: '/api/debtReports/1CData/import', ...multipart([{ file: '1c-demo-seed.csv', bytes: readFileSync(DEBT_EXAMPLES.oneCSeed) }]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(importResult.parse(res.json()).counts.refuse).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ageing = async (asOf: string): Promise<DebtAgeingAll> => {
    const res = await t.as(accountant, { method: 'GET', url: `/api/debtReports/ageing?asOf=${asOf}` });
    expect(res.statusCode, res.body).toBe(200);
    return debtAgeingAll.parse(res.json());
  };
  const of = (a: DebtAgeingAll, currency: string) => a.currencies.find((c) => c.currency === currency)!;

  it('without rates: each currency summed on its own, only AZN in the converted total, the others named unconverted', async () => {
    const a = await ageing('2026-11-24');
    expect(a.currencies.map((c) => c.currency)).toEqual(['AZN', 'RUB', 'TRY', 'USD']);
    for (const c of a.currencies) {
      const rows = a.rows.filter((r) => r.currency === c.currency);
      expect(c.counterparties).toBe(rows.length);
      expect(c.totalMinor).toBe(rows.reduce((s, r) => s + r.totalMinor, 0));
    }
    expect(a.unconverted).toEqual(['RUB', 'TRY', 'USD']);
    expect(a.converted.totalMinor).toBe(of(a, 'AZN').totalMinor);
    expect(of(a, 'USD').rate).toBeNull();
  });

  it('imports the bank file (a multipart upload), then the same file again changes nothing; an employee may not', async () => {
    const bytes = readFileSync(CBAR_SAMPLE);
    const send = (token: string) => t.as(token, { method: 'POST', url: '/api/debtReports/rates/import', ...multipart([{ file: '24.11.2026.xml', bytes }]) });
    const first = currencyRateImportResult.parse((await send(accountant)).json());
    expect(first).toMatchObject({ rateDate: '2026-11-24', created: 10, changed: 0 });
    expect(first.rates.find((r) => r.currency === 'RUB')).toMatchObject({ rate: 2.1443, nominal: 100, source: 'cbar' });
    expect(currencyRateImportResult.parse((await send(accountant)).json())).toMatchObject({ created: 0, changed: 0 });
    expect((await send(employee)).statusCode).toBe(403);
    const bad = await t.as(accountant, { method: 'POST', url: '/api/debtReports/rates/import', ...multipart([{ file: 'x.xml', bytes: Buffer.from('<ValCurs Date="24.11.2026"></ValCurs>') }]) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'ratesFileInvalid' });
  });

  it('converts at the latest rate on or before the as-of date, says which date, and leaves a currency without a rate out', async () => {
    // USD typed by hand: 1.69 on the 20th, 1.80 on the 25th (after the as-of date: not used). TRY: the bank's 24th.
    const put = (body: object) => t.as(accountant, { method: 'PUT', url: '/api/debtReports/rates', payload: body });
    expect((await put({ currency: 'USD', rateDate: '2026-11-20', rate: 1.69, nominal: 1, name: 'ABŞ dolları' })).statusCode).toBe(200);
    expect((await put({ currency: 'USD', rateDate: '2026-11-25', rate: 1.8 })).statusCode).toBe(200);
    expect((await put({ currency: 'AZN', rateDate: '2026-11-25', rate: 1 })).statusCode).toBe(400);
    // The bank's file of the 24th also has a USD rate (1.7): the latest on or before the 24th wins.
    const a = await ageing('2026-11-24');
    expect(a.unconverted).toEqual([]);
    expect(of(a, 'USD').rate).toEqual({ currency: 'USD', rateDate: '2026-11-24', rate: 1.7, nominal: 1 });
    expect(of(a, 'RUB').rate).toEqual({ currency: 'RUB', rateDate: '2026-11-24', rate: 2.1443, nominal: 100 });
    const expected = (['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const).reduce(
      (sum, b) => sum + of(a, 'AZN').buckets[b] + toAznMinor(of(a, 'USD').buckets[b], { rate: 1.7, nominal: 1 }) + toAznMinor(of(a, 'RUB').buckets[b], { rate: 2.1443, nominal: 100 }) + toAznMinor(of(a, 'TRY').buckets[b], { rate: 0.0401, nominal: 1 }),
      0,
    );
    expect(a.converted.totalMinor).toBe(expected);
    expect(a.converted.totalMinor).not.toBe(a.currencies.reduce((s, c) => s + c.totalMinor, 0));

    // As of the 22nd: USD at the hand-typed 20th, the bank's currencies have no rate yet.
    const earlier = await ageing('2026-11-22');
    expect(of(earlier, 'USD').rate).toMatchObject({ rateDate: '2026-11-20', rate: 1.69 });
    expect(earlier.unconverted).toEqual(['RUB', 'TRY']);
    // As of the 19th: nothing but AZN converts.
    expect((await ageing('2026-11-19')).unconverted).toEqual(['RUB', 'TRY', 'USD']);

    const list = currencyRateList.parse((await t.as(accountant, { method: 'GET', url: '/api/debtReports/rates?from=2026-11-20&to=2026-11-25&currency=USD' })).json());
    expect(list.map((r) => [r.rateDate, r.rate, r.source])).toEqual([
      ['2026-11-25', 1.8, 'manual'],
      ['2026-11-24', 1.7, 'cbar'],
      ['2026-11-20', 1.69, 'manual'],
    ]);
  });

  it('writes a dunning letter PDF per counterparty in az, en and ru', async () => {
    const a = await ageing('2026-11-24');
    const debtor = a.rows.find((r) => r.totalMinor > 0)!;
    for (const lang of ['az', 'en', 'ru']) {
      const res = await t.as(accountant, { method: 'GET', url: `/api/debtReports/${debtor.id}/dunningLetter?asOf=2026-11-24&lang=${lang}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await t.as(accountant, { method: 'GET', url: '/api/debtReports/999999/dunningLetter' })).statusCode).toBe(404);
  });
});
