import { AppError } from '../../lib/errors';

/*
 * Why a mail could not be taken (issue #38): the reason code, its text's parameters and the
 * server's words, from a sender's own mistake or an error a service threw. The code names a text
 * of mail.reasons (the answer to the sender) and the admin's Inbound mail tab.
 */

/** A failure that is the sender's to fix: its reason code and the parameters of its text. */
export class SenderError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    message = code,
  ) {
    super(message);
  }
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The sender's reason for an error the services threw: the code and its text's parameters. */
export function reasonOf(error: unknown): { code: string; params: Record<string, string | number>; message: string } {
  if (error instanceof SenderError) return { code: error.code, params: error.params, message: error.message };
  if (error instanceof AppError) {
    const d = (error.details ?? {}) as Record<string, unknown>;
    const params: Record<string, string | number> = { message: error.message };
    if (typeof d.fileName === 'string') params.fileName = d.fileName;
    if (Array.isArray(d.allowedExtensions)) params.allowed = d.allowedExtensions.join(', ');
    if (typeof d.totalBytes === 'number') params.totalMb = mb(d.totalBytes);
    if (typeof d.maxBytes === 'number') params.maxMb = mb(d.maxBytes);
    if (typeof d.maxFiles === 'number') params.max = d.maxFiles;
    if (typeof d.min === 'number') params.min = d.min;
    const rule = typeof d.rule === 'string' ? d.rule : null;
    const code = error.code === 'forbidden' && rule === 'notRecordParticipant' ? 'notRecordParticipant' : error.code;
    return { code, params, message: error.message };
  }
  return { code: 'internal', params: {}, message: error instanceof Error ? error.message : String(error) };
}
