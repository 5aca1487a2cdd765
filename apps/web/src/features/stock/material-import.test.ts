import { describe, expect, it } from 'vitest';
import { parseCsv, toImportRows } from './material-import';

describe('materials file reading', () => {
  it('reads CSV with quotes, semicolons and Azerbaijani headers into import rows', () => {
    const csv = '\uFEFFKod;Ad;Qrup;Ölçü vahidi;Parametrlər\r\nNB-1;"Noutbuk ""Pro"" 14";Noutbuklar;ədəd;RAM: 16 GB; SSD: 512 GB\r\n\r\nPP-A4;A4 kağız;Kağız məhsulları;qutu;\n';
    expect(parseCsv(csv)[1]).toEqual(['NB-1', 'Noutbuk "Pro" 14', 'Noutbuklar', 'ədəd', 'RAM: 16 GB', ' SSD: 512 GB']);
    expect(toImportRows(parseCsv('code,name,group,unit\nX-1,"A, B",Mebel,pcs'))).toEqual([{ code: 'X-1', name: 'A, B', group: 'Mebel', unit: 'pcs' }]);
    expect(() => toImportRows([['code', 'name']])).toThrow('missingColumns');
  });
});
