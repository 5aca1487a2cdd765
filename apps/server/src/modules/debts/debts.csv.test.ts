import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { ageingBucket, isValidWagonNumber, wagonCheckDigit } from '@servicedesk/contracts';
import { detectEncoding, detectSeparator, openCsv, parseAmountMinor, parseDate, parseDateTime } from './debts.csv';
import { ageRows } from './debts.service';

async function read(bytes: Buffer, chunk = 7) {
  async function* stream() {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  const file = await openCsv(stream());
  const records = [];
  for await (const record of file.records) records.push(record);
  return { file, records };
}

describe('reading the accounting system’s CSV', () => {
  it('tells Windows-1251, UTF-8 and UTF-8 with BOM apart and decodes each', async () => {
    const text = 'Контрагент;Сумма\r\nООО «Каспий»;1 234,56\r\n';
    for (const [bytes, encoding] of [
      [iconv.encode(text, 'win1251'), 'windows-1251'],
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8-bom'],
    ] as const) {
      expect(detectEncoding(bytes)).toBe(encoding);
      const { records } = await read(bytes);
      expect(records).toEqual([
        { line: 1, cells: ['Контрагент', 'Сумма'] },
        { line: 2, cells: ['ООО «Каспий»', '1 234,56'] },
      ]);
    }
  });

  it('finds the separator of the header (; , or TAB), ignoring quoted ones', async () => {
    expect(detectSeparator('a;b;c')).toBe(';');
    expect(detectSeparator('a,b,c')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('"a;b";c,d,e')).toBe(',');
    expect(detectSeparator('single')).toBe(';');
    const { file, records } = await read(Buffer.from('Date,Amount\n"01.02.2026","1,5"\n'));
    expect(file.separator).toBe(',');
    expect(records[1]!.cells).toEqual(['01.02.2026', '1,5']);
  });

  it('reads comma decimals and grouped thousands into minor units, refusing what is no amount', () => {
    expect(parseAmountMinor('1 234,56')).toBe(123456);
    expect(parseAmountMinor('1\u00a0234,5')).toBe(123450);
    expect(parseAmountMinor('1.234,56')).toBe(123456);
    expect(parseAmountMinor('1,234.56')).toBe(123456);
    expect(parseAmountMinor('-10')).toBe(-1000);
    expect(parseAmountMinor('0,001')).toBeNull();
    expect(parseAmountMinor('12abc')).toBeNull();
    expect(parseAmountMinor('')).toBeNull();
  });

  it('reads dd.mm.yyyy dates and refuses days that do not exist', () => {
    expect(parseDate('05.06.2026')).toBe('2026-06-05');
    expect(parseDate('5.6.2026')).toBe('2026-06-05');
    expect(parseDate('2026-06-05')).toBe('2026-06-05');
    expect(parseDate('31.02.2026')).toBeNull();
    expect(parseDate('06/31/2026')).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDateTime('20.11.2026 07:45')?.toISOString()).toBe('2026-11-20T03:45:00.000Z');
    expect(parseDateTime('20.11.2026 25:00')).toBeNull();
  });

  it('answers 400 malformedCsv for an unclosed quote at the end', async () => {
    await expect(read(Buffer.from('a;b\n"x;y\n'))).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the wagon number check digit', () => {
  it('accepts 8 digits whose last is the weighted check digit of the first seven, and nothing else', () => {
    expect(wagonCheckDigit('5007029')).toBe(1);
    expect(isValidWagonNumber('50070291')).toBe(true);
    expect(isValidWagonNumber('60123452')).toBe(true);
    expect(isValidWagonNumber('50070290')).toBe(false);
    expect(isValidWagonNumber('5007029')).toBe(false);
    expect(isValidWagonNumber('500702911')).toBe(false);
    expect(isValidWagonNumber('5007029a')).toBe(false);
    // Every single-digit slip in the first seven digits is caught.
    for (let i = 0; i < 7; i++) {
      const slipped = `${'50070291'.slice(0, i)}${(Number('50070291'[i]) + 1) % 10}${'50070291'.slice(i + 1)}`;
      expect(isValidWagonNumber(slipped)).toBe(false);
    }
  });
});

describe('ageing', () => {
  it('puts amounts in 0–30, 31–60, 61–90 and 90+ by days past due', () => {
    expect([0, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual(['d0_30', 'd0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90plus']);
  });

  it('settles the oldest due amounts first and keeps overpayment as credit', () => {
    const rows = [
      { kind: 'invoice', docDate: '2026-01-10', dueDate: '2026-02-09', amountMinor: 10_000 },
      { kind: 'invoice', docDate: '2026-03-01', dueDate: null, amountMinor: 5_000 },
      { kind: 'payment', docDate: '2026-03-05', dueDate: null, amountMinor: 12_000 },
    ];
    expect(ageRows(rows, '2026-03-20')).toEqual({ buckets: { d0_30: 3_000, d31_60: 0, d61_90: 0, d90plus: 0 }, totalMinor: 3_000, creditMinor: 0 });
    expect(ageRows([...rows, { kind: 'payment', docDate: '2026-03-06', dueDate: null, amountMinor: 4_000 }], '2026-03-20')).toMatchObject({ totalMinor: 0, creditMinor: 1_000 });
  });
});
