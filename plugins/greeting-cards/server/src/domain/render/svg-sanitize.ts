// Cleans an SVG before it is inlined into a page or a print document. Fabric's output is already
// tame, but the e-card page shows it to anyone with the link, so we keep a whitelist: known drawing
// elements only, no event handlers, no links except in-document (#id) ones, our uploads and inline
// images, and no CSS url() pointing anywhere but #id. Pure string work, no DOM needed.

const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'desc', 'title', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path',
  'text', 'tspan', 'image', 'clippath', 'lineargradient', 'radialgradient', 'stop', 'pattern', 'use', 'symbol',
]);

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const SAFE_HREF = /^(#[\w-]+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+|\/uploads\/[\w./-]+)$/;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&(quot|apos|lt|gt|amp|colon|lpar|rpar|sol|tab|newline);?/gi, (_, name: string) => (
      ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&', colon: ':', lpar: '(', rpar: ')', sol: '/', tab: '\t', newline: '\n' } as Record<string, string>)[name.toLowerCase()]
    ));
}

const escapeAttr = (v: string) => v.replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function isSafeAttribute(name: string, rawValue: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return false;
  const value = decodeEntities(rawValue).replace(/[\u0000-\u0020]/g, '');
  if (lower === 'href' || lower.endsWith(':href')) return SAFE_HREF.test(decodeEntities(rawValue).trim()) && !rawValue.includes('..');
  if (/javascript:|vbscript:|expression\(|@import|behavior:/i.test(value)) return false;
  // url(...) is fine only for in-document references such as fill: url(#SVGID_1).
  const urls = value.match(/url\(([^)]*)\)/gi) ?? [];
  return urls.every((u) => /^url\(['"]?#[\w-]+['"]?\)$/i.test(u));
}

function cleanAttributes(raw: string): string {
  let out = '';
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const [, name, dq, sq, bare] = m;
    const value = dq ?? sq ?? bare ?? '';
    if (!isSafeAttribute(name, value)) continue;
    out += ` ${name}="${escapeAttr(value)}"`;
  }
  return out;
}

export function sanitizeSvg(svg: string): string {
  let out = '';
  let last = 0;
  let skipDepth = 0; // > 0 while inside a dropped element
  for (const m of svg.matchAll(TOKEN)) {
    const text = svg.slice(last, m.index);
    if (skipDepth === 0) out += text.replace(/</g, '&lt;');
    last = m.index + m[0].length;
    const [, closing, name, attrs, selfClosing] = m;
    if (!name) continue; // comments, CDATA, processing instructions and doctypes are dropped
    const allowed = ALLOWED_ELEMENTS.has(name.toLowerCase());
    if (skipDepth > 0 || !allowed) {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      if (skipDepth < 0) skipDepth = 0;
      continue;
    }
    if (closing) out += `</${name}>`;
    else out += `<${name}${cleanAttributes(attrs ?? '')}${selfClosing ? '/' : ''}>`;
  }
  if (skipDepth === 0) out += svg.slice(last).replace(/</g, '&lt;');
  return out.trim();
}
