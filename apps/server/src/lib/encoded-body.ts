import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** A content encoding the server compresses with. */
export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The encoding of a compressed answer `request` accepts (`Accept-Encoding` with its q-values, `br`
 * before `gzip` on a tie), else undefined (identity) — negotiated as @fastify/static negotiates the
 * built files' siblings.
 */
export function acceptedEncoding(request: FastifyRequest): BodyEncoding | undefined {
  const header = request.headers['accept-encoding'];
  return (typeof header === 'string' ? (negotiate(header, ['br', 'gzip']) as BodyEncoding | null) : null) ?? undefined;
}

/** How an {@link EncodedBody} compresses. */
export interface BodyCompression {
  /** Brotli quality 0–11 (default 5: a 155 KB page in ~2 ms, to ~10 %). */
  brQuality?: number;
  /** gzip level 1–9 (default 6). */
  gzipLevel?: number;
  /** Bodies smaller than this (bytes; default 2,048) are always sent as they are. */
  minBytes?: number;
  /**
   * The use from which the compressed form is sent (default 1: always). A cached page asked once
   * (a random material's history) is not worth compressing; one asked again is (the warehouse's
   * levels, asked by every keeper): 2.
   */
  fromUse?: number;
}

/**
 * A response body in UTF-8 kept to be sent many times (a cached grid page, a translation file), with
 * its Brotli and gzip forms made once each, on demand, off the main thread (zlib's thread pool), and
 * shared by the callers that ask meanwhile. Sending bytes, not a string, and compressed where the
 * caller accepts it: bench/stock — writing the 155 KB page of a warehouse's levels to the socket was
 * a third of the server's CPU (`writev`), and a browser fetches it in a tenth of the bytes.
 */
export class EncodedBody {
  /** The body in UTF-8. */
  readonly identity: Buffer;
  private uses = 0;
  private readonly forms: Partial<Record<BodyEncoding, Promise<Buffer>>> = {};

  constructor(
    body: Buffer | string,
    private readonly compression: BodyCompression = {},
  ) {
    this.identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  }

  /**
   * Memory it may take (bytes): the UTF-8 body and, at most, half of it again for the compressed
   * forms (JSON compresses to a tenth or less) — for caches sized in bytes.
   */
  get size(): number {
    return Math.ceil(this.identity.length * 1.5);
  }

  /** The bytes to send to a caller accepting `encoding` (undefined: identity), and their encoding. */
  async for(encoding: BodyEncoding | undefined): Promise<{ bytes: Buffer; encoding?: BodyEncoding }> {
    this.uses += 1;
    const { minBytes = 2048, fromUse = 1 } = this.compression;
    if (!encoding || this.identity.length < minBytes || this.uses < fromUse) return { bytes: this.identity };
    this.forms[encoding] ??= this.compress(encoding);
    return { bytes: await this.forms[encoding], encoding };
  }

  private compress(encoding: BodyEncoding): Promise<Buffer> {
    const { brQuality = 5, gzipLevel = 6 } = this.compression;
    return encoding === 'br'
      ? brotli(this.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.identity.length } })
      : gzipped(this.identity, { level: gzipLevel });
  }
}

/**
 * Sends `body` as `request` accepts it (`Content-Encoding` br or gzip, else the UTF-8 bytes), with
 * `Vary: Accept-Encoding` and `type` (default JSON in UTF-8).
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, type = 'application/json; charset=utf-8'): Promise<FastifyReply> {
  const { bytes, encoding } = await body.for(acceptedEncoding(request));
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(type).send(bytes);
}

/**
 * The text of an answer's body as a browser reads it: `bytes` decoded per its `Content-Encoding`
 * (br, gzip, else as they are) as UTF-8 — for the callers that read this server's answers (tests,
 * bench clients).
 */
export function decodedText(bytes: Buffer, encoding: unknown): string {
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return plain.toString('utf8');
}
