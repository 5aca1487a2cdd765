import http from 'node:http';
import { decodedText } from '../../apps/server/src/lib/encoded-body';

/** One answer of {@link createHttpClient}'s `call`: status, and the body as bytes (decoded only when asked). */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  /** The body's length in bytes (as sent: compressed when the server compressed it). */
  bytes: number;
  /** The body decoded as UTF-8 (decoded on each call: ask only when the text is needed). */
  text(): string;
}

/**
 * A light HTTP/1.1 client for the list benches: one keep-alive agent (a socket per concurrent
 * client, like a browser's connection), the answer's body kept as the Buffers it arrived in and
 * decoded only when `text()` is asked.
 *
 * Why not `fetch`: the bench's clients share the machine's two cores with the server and the
 * database, so whatever a client spends per call is taken from the server it measures. Node's
 * `fetch` (undici's WHATWG layer: streams, Headers, a Response per call) plus `res.text()` of a
 * 155 KB page cost the stock bench's clients ~0.3 ms a call — a third of the server's and the
 * database's own cost. People's browsers are on other machines; a load generator should cost as
 * little as it can (as wrk does).
 *
 * It says it accepts Brotli and gzip, as a browser does (`acceptEncoding`; '' says nothing): the
 * bytes stay as they came, decompressed only when `text()` is asked — a browser's work, on its
 * own machine.
 *
 * `call` rejects on a network error only; any HTTP status resolves.
 */
export function createHttpClient(base: string, sockets = 64, acceptEncoding = 'br, gzip') {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    call(
      method: 'GET' | 'POST',
      path: string,
      options: { token?: string; body?: unknown } = {},
    ): Promise<HttpAnswer> {
      const payload =
        options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: {
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
              ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
              ...(payload
                ? { 'content-type': 'application/json', 'content-length': payload.length }
                : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              bytes += chunk.length;
            });
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              resolve({
                status,
                ok: status >= 200 && status < 300,
                bytes,
                text: () => decodedText(Buffer.concat(chunks), res.headers['content-encoding']),
              });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    /** Closes the kept sockets (call when done, so the process can exit). */
    close(): void {
      agent.destroy();
    },
  };
}
