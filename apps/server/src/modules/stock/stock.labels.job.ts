import bwipjs from 'bwip-js/node';
import type { Inventory } from '@servicedesk/contracts';
import { renderPdfHere } from '../../lib/pdf.render';

/*
 * The inventory label sheet as a job (lib/workers/jobs.ts, issue #42): two barcodes per label
 * drawn by bwip-js and the PDF laid out by pdfmake — up to 500 labels — in a worker thread.
 * Loaded only in the worker (stock.labels.ts asks for it).
 */

const png = async (options: Parameters<typeof bwipjs.toBuffer>[0]) => `data:image/png;base64,${(await bwipjs.toBuffer(options)).toString('base64')}`;

/** The fields of an inventory a label shows. */
export type LabelItem = Pick<Inventory, 'inventoryNumber' | 'materialName' | 'serial'>;

/** One label's content: number, name, serial, barcode and QR (PNG data URLs). */
async function label(item: LabelItem) {
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

/** The labels PDF of `items` (in the order given), three across on A4 → its bytes. */
export async function renderLabels(items: LabelItem[]): Promise<Uint8Array> {
  const cells = await Promise.all(items.map(label));
  const rows: unknown[][] = [];
  for (let i = 0; i < cells.length; i += 3) rows.push([0, 1, 2].map((k) => cells[i + k] ?? { text: '' }));
  return renderPdfHere({
    pageSize: 'A4',
    pageMargins: [20, 20, 20, 20],
    info: { title: 'Inventory labels', creator: 'ServiceDesk' },
    defaultStyle: { font: 'Roboto' },
    content: [{ table: { widths: ['*', '*', '*'], dontBreakRows: true, body: rows }, layout: { hLineColor: '#bbbbbb', vLineColor: '#bbbbbb' } }],
  });
}
