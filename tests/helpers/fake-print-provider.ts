import http from 'http';
import type { AddressInfo } from 'net';

// What the fake Prodigi and Gelato servers share: a JSON HTTP server on 127.0.0.1 that records every
// request, can drop the connection after it has acted (a lost answer), fetches print files over HTTP as
// a print provider does, and posts callbacks back to the shop. Each provider's file adds its API.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as sent over the wire; the fakes check it field by field
export type Json = any;

export interface Recorded {
  method: string;
  path: string;
  body: Json;
  headers: http.IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Act, then close the socket without answering (the client sees no response). */
  drop?: boolean;
}

export type Handler = (req: Recorded) => Promise<Reply>;

export interface JsonServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startJsonServer(handler: Handler): Promise<JsonServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Json = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { unparsable: text };
      }
      const recorded: Recorded = { method: req.method ?? 'GET', path: req.url ?? '/', body, headers: req.headers };
      requests.push(recorded);
      try {
        const reply = await handler(recorded);
        if (reply.drop) {
          res.socket?.destroy();
          return;
        }
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: String((error as Error).message) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Where the fake reaches the shop: the shop's links are under its public URL (a name only real DNS
 * would resolve), so the fake sends them to the test app's listening address instead.
 */
export class ShopAddress {
  constructor(
    private readonly publicUrl: string,
    private appBase = '',
  ) {}
  listenOn(appBase: string) {
    this.appBase = appBase;
  }
  resolve(url: string): string {
    return url.startsWith(this.publicUrl) ? `${this.appBase}${url.slice(this.publicUrl.length)}` : url;
  }
}

/** Fetches a print file as a provider would; the error message when it is not a PDF. */
export async function fetchPrintFile(url: string): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: string }> {
  try {
    const res = await fetch(url);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return { ok: false, error: `print file answered ${res.status}` };
    if (
      !/application\/pdf/.test(res.headers.get('content-type') ?? '') ||
      bytes.subarray(0, 5).toString() !== '%PDF-'
    ) {
      return { ok: false, error: 'print file is not a PDF' };
    }
    return { ok: true, bytes };
  } catch (error) {
    return { ok: false, error: `print file could not be fetched: ${(error as Error).message}` };
  }
}

/** Posts JSON to the shop (a callback); returns the answer's status and body. */
export async function postJson(
  url: string,
  body: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed };
}

/** Names the fields of `value` that are not non-empty strings (dotted paths). */
export function missingStrings(value: Json, paths: string[]): string[] {
  return paths.filter((p) => {
    const v = p.split('.').reduce((node: Json, key) => (node == null ? undefined : node[key]), value);
    return typeof v !== 'string' || !v.trim();
  });
}
