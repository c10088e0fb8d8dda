import { html, RawHtml } from '../web/html';

/** Shared e-mail frame: table-free, inline styles only (mail clients drop <style> and CSS files). */
export function emailHtml(title: string, body: RawHtml): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#faf7f2;color:#222;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:600px;margin:0 auto;padding:24px">${body}</div>
</body>
</html>`.value;
}

export const buttonStyle = 'display:inline-block;background:#8a3ffc;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-family:system-ui,sans-serif';
