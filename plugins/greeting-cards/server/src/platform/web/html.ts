// Tiny, safe HTML building: every interpolated value is escaped unless wrapped in raw().

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export class RawHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export const raw = (value: string) => new RawHtml(value);

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    const piece = Array.isArray(v)
      ? v.map((x) => (x instanceof RawHtml ? x.value : escapeHtml(x))).join('')
      : v instanceof RawHtml
        ? v.value
        : escapeHtml(v);
    out += piece + strings[i + 1];
  });
  return new RawHtml(out);
}

export function page(title: string, body: RawHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font-family:
              system-ui,
              -apple-system,
              'Segoe UI',
              Roboto,
              sans-serif;
            margin: 0;
            background: #faf7f2;
            color: #222;
          }
          main {
            max-width: 960px;
            margin: 0 auto;
            padding: 24px;
          }
          a {
            color: #8a3ffc;
          }
          table {
            border-collapse: collapse;
            width: 100%;
            background: #fff;
          }
          th,
          td {
            text-align: left;
            padding: 8px 10px;
            border-bottom: 1px solid #eee;
            vertical-align: top;
          }
          .empty {
            padding: 32px;
            background: #fff;
            border: 1px dashed #ccc;
            text-align: center;
          }
          iframe {
            width: 100%;
            height: 70vh;
            border: 1px solid #ddd;
            background: #fff;
          }
          pre {
            white-space: pre-wrap;
            background: #fff;
            padding: 12px;
            border: 1px solid #eee;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}
