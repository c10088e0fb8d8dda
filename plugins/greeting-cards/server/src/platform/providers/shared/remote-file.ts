// Reads a file a remote upload provider published, over HTTP(S). Only ever called with a URL the
// allow-list accepted; redirects are not followed (a redirect could lead anywhere) and the body is
// capped, so a slow or huge answer cannot hold a render or fill memory.

export interface RemoteFile {
  body: Buffer;
  contentType: string;
}

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

export async function fetchRemoteFile(
  url: string,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<RemoteFile | null> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  try {
    const res = await fetch(url, { redirect: 'manual', signal: controller.signal });
    if (res.status !== 200 || !res.body) return null;
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) {
        controller.abort();
        return null;
      }
      chunks.push(Buffer.from(chunk));
    }
    return {
      body: Buffer.concat(chunks),
      contentType: (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
    };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
