import { fileItem, uploadFilesResponse } from '@servicedesk/contracts';

/*
 * Fixtures of the file calls, parsed by the contract at import (a drifted fixture fails every
 * test and story that loads it).
 */

/** A stored PDF attachment as FileUploadGlobal answers it. */
export const fileItemFixture = fileItem.parse({
  id: 501,
  name: 'Müqavilə 2026.pdf',
  url: 'files/501',
  type: 'general',
  mime: 'application/pdf',
  sizeBytes: 18_432,
});

/** An upload answer of two files. */
export const uploadFilesFixture = uploadFilesResponse.parse([
  fileItemFixture,
  { id: 502, name: 'screenshot.png', url: 'files/502', type: 'general', mime: 'image/png', sizeBytes: 2_048 },
]);

/** The first bytes of a minimal PDF (what the mocks and e2e upload as a good file). */
export const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The first bytes of a Windows executable ("MZ"), which the server refuses whatever its name. */
export const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
