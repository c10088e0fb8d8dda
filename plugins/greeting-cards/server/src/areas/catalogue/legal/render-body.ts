// An editor's page body to HTML: plain text with a few marks, every character escaped, so no markup an
// editor (or a compromised editor account) types reaches the page. Blank lines separate blocks; a block
// starting "## " is a heading, one whose lines start "- " a list; [text](https://... or /path) is a link.

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const SAFE_HREF = /^(https?:\/\/|mailto:|\/)[^\s]*$/i;

/** One line's text: escaped, with [text](href) links whose address is http(s), mailto: or a site path. */
function inline(text: string): string {
  let html = '';
  let last = 0;
  for (const m of text.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
    html += escapeHtml(text.slice(last, m.index));
    html += SAFE_HREF.test(m[2]) ? `<a href="${escapeHtml(m[2])}">${escapeHtml(m[1])}</a>` : escapeHtml(m[0]);
    last = (m.index ?? 0) + m[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

export function renderBody(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      if (block.startsWith('## ')) return `<h2>${inline(block.slice(3).trim())}</h2>`;
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- '))) {
        return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('\n');
}
