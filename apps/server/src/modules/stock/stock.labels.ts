import bwipjs from 'bwip-js/node';
import type { Inventory } from '@servicedesk/contracts';
import type { AppDeps } from '../../types';
import { notFound } from '../../lib/errors';
import { renderPdf } from '../../lib/pdf';
import * as repo from './stock.repository';

/*
 * Inventory labels (issue #13 "Labels"; snipe#3957, glpi#19683): a PDF with one label per
 * inventory — a code128 barcode and a QR code of the inventory number, the material's name and
 * the serial — laid out three across on A4, to cut or print on label sheets. Barcodes come from
 * bwip-js (PNG), the PDF from pdfmake with its bundled Roboto (covers ə, ğ, ı, ş, ç, ö, ü and
 * Cyrillic). Nothing is fetched: URLs are refused, local reads only for the font files.
 */

const png = async (options: Parameters<typeof bwipjs.toBuffer>[0]) => `data:image/png;base64,${(await bwipjs.toBuffer(options)).toString('base64')}`;

/** One label's content: number, name, serial, barcode and QR (PNG data URLs). */
async function label(item: Inventory) {
  const [barcode, qr] = await Promise.all([
    png({ bcid: 'code128', text: item.inventoryNumber, scale: 2, height: 10, includetext: true, textxalign: 'center' }),
    png({ bcid: 'qrcode', text: item.inventoryNumber, scale: 3 }),
  ]);
  return {
    stack: [
      {
        columns: [
          { image: qr, width: 48 },
          {
            stack: [
              { text: item.inventoryNumber, bold: true, fontSize: 10 },
              { text: item.materialName, fontSize: 8, margin: [0, 2, 0, 0] },
              ...(item.serial ? [{ text: `S/N ${item.serial}`, fontSize: 7, margin: [0, 2, 0, 0] }] : []),
            ],
            margin: [6, 0, 0, 0],
          },
        ],
      },
      { image: barcode, width: 150, margin: [0, 6, 0, 0] },
    ],
    margin: [6, 6, 6, 6],
  };
}

/**
 * The labels PDF of inventories `ids` (in inventory number order; unknown ids are skipped, none
 * known is 404). Answers the PDF bytes.
 */
export async function labelsPdf(deps: AppDeps, ids: number[]): Promise<Buffer> {
  const items = (await repo.inventoriesByIds(deps.db, [...new Set(ids)])) as Inventory[];
  if (items.length === 0) throw notFound('Inventory not found');
  const cells = await Promise.all(items.map(label));
  const rows: unknown[][] = [];
  for (let i = 0; i < cells.length; i += 3) rows.push([0, 1, 2].map((k) => cells[i + k] ?? { text: '' }));
  const doc = {
    pageSize: 'A4',
    pageMargins: [20, 20, 20, 20],
    info: { title: 'Inventory labels', creator: 'ServiceDesk' },
    defaultStyle: { font: 'Roboto' },
    content: [{ table: { widths: ['*', '*', '*'], dontBreakRows: true, body: rows }, layout: { hLineColor: '#bbbbbb', vLineColor: '#bbbbbb' } }],
  };
  return renderPdf(doc);
}
