import fs from 'fs';
import path from 'path';

// SVG sanitising with DOMPurify, run inside the renderer's Chromium page: the browser that parses
// the SVG for DOMPurify is the same engine that will display it, so there is no parser mismatch for
// an attacker to play on. On top of DOMPurify's SVG profile we drop what an e-card never needs:
// style sheets, links, animation, foreign content, and any reference (href, CSS url()) that is not
// in-document, one of our uploads or an inline raster image. CSS in style attributes is judged after
// Chromium has parsed it, so escapes such as u\72l(...) cannot hide an external url().

let cached: string | null = null;

/** DOMPurify's browser build, as text for page.addScriptTag({ content }). */
export function domPurifySource(): string {
  if (cached) return cached;
  const entry = require.resolve('dompurify');
  const candidates = [path.join(path.dirname(entry), 'purify.min.js'), path.join(path.dirname(entry), 'purify.js')];
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) throw new Error('[greeting-cards] cannot find the dompurify browser build; is dompurify installed?');
  cached = fs.readFileSync(file, 'utf8');
  return cached;
}

/**
 * Installs window.__gcSanitizeSvg(svg) in a page that has DOMPurify loaded. `remotePrefixes` are the
 * upload provider's URL prefixes: an image reference under one of them is kept as well.
 */
export function sanitizeScript(remotePrefixes: readonly string[]): string {
  return SANITIZE_TEMPLATE.replace(
    '__GC_REMOTE_PREFIXES__',
    JSON.stringify([...remotePrefixes]).replace(/</g, '\\u003c'),
  );
}

const SANITIZE_TEMPLATE = String.raw`
(function () {
  var SAFE_REF = /^(#[\w-]+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+\/=\s]+|\/uploads\/(?!.*\.\.)[\w.\/-]+)$/;
  var REMOTE_PREFIXES = __GC_REMOTE_PREFIXES__;
  var REMOTE_PATH = /^https?:\/\/[\w.:-]+\/[\w.~%+\/-]*$/;
  function safeRef(value) {
    if (SAFE_REF.test(value)) return true;
    if (!REMOTE_PATH.test(value) || /\/\.\.?(\/|$)|%2f|%5c|%2e/i.test(value)) return false;
    for (var i = 0; i < REMOTE_PREFIXES.length; i++) if (value.indexOf(REMOTE_PREFIXES[i]) === 0) return true;
    return false;
  }
  var LOCAL_URL = /^url\(\s*["']?#[\w-]+["']?\s*\)$/i;
  var probe = document.createElement('div');
  function safeStyle(value) {
    probe.setAttribute('style', value);
    var decl = probe.style;
    for (var i = 0; i < decl.length; i++) {
      var v = decl.getPropertyValue(decl[i]);
      var urls = v.match(/url\([^)]*\)/gi) || [];
      for (var j = 0; j < urls.length; j++) if (!LOCAL_URL.test(urls[j])) return false;
      if (/image-set\(|expression\(|javascript:/i.test(v)) return false;
    }
    return true;
  }
  var purify = window.DOMPurify;
  purify.addHook('uponSanitizeAttribute', function (node, data) {
    var name = data.attrName.toLowerCase();
    var value = String(data.attrValue || '');
    if (name === 'href' || name === 'xlink:href' || name === 'src') {
      if (!safeRef(value.trim())) data.keepAttr = false;
    } else if (name === 'style') {
      if (!safeStyle(value)) data.keepAttr = false;
    } else if (/url\(/i.test(value) && !LOCAL_URL.test(value.trim())) {
      data.keepAttr = false; // presentation attributes such as fill="url(...)"
    }
  });
  window.__gcSanitizeSvg = function (svg) {
    return purify.sanitize(String(svg), {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['style', 'a', 'foreignObject', 'script', 'animate', 'animateMotion', 'animateTransform', 'set', 'discard', 'feImage'],
      ADD_ATTR: ['xlink:href'],
      ALLOW_DATA_ATTR: false
    }).trim();
  };
})();
`;

/** The sanitiser for local uploads only (no upload provider URLs). */
export const SANITIZE_SCRIPT = sanitizeScript([]);
