// The curated fonts a shopper can pick in the editor. Each one is self-hosted from its npm
// @fontsource package: the plugin build copies the listed files to assets/fonts/ and writes
// assets/fonts/fonts.css, which the editor page and the server renderer both load, so the font a
// shopper sees is the font that is printed. Latin subset only: it covers the service's languages and
// other scripts fall back per glyph to the system fonts, the same way in the editor and the renderer.

export interface CuratedFont {
  /** CSS family name, also stored in canvas_data's fontFamily. */
  family: string;
  /** npm package holding the font files. */
  pkg: string;
  /** file name prefix inside the package's files/ folder. */
  slug: string;
  /** weights and styles shipped; others are synthesised by the browser (the same in editor and renderer). */
  faces: Array<{ weight: 400 | 700; style: 'normal' | 'italic' }>;
}

const regular = [{ weight: 400, style: 'normal' }] as CuratedFont['faces'];
const boldToo = [
  { weight: 400, style: 'normal' },
  { weight: 700, style: 'normal' },
] as CuratedFont['faces'];
const full = [
  { weight: 400, style: 'normal' },
  { weight: 700, style: 'normal' },
  { weight: 400, style: 'italic' },
  { weight: 700, style: 'italic' },
] as CuratedFont['faces'];

export const CURATED_FONTS: CuratedFont[] = [
  { family: 'Roboto', pkg: '@fontsource/roboto', slug: 'roboto', faces: full },
  { family: 'Playfair Display', pkg: '@fontsource/playfair-display', slug: 'playfair-display', faces: full },
  { family: 'Lobster', pkg: '@fontsource/lobster', slug: 'lobster', faces: regular },
  { family: 'Pacifico', pkg: '@fontsource/pacifico', slug: 'pacifico', faces: regular },
  { family: 'Dancing Script', pkg: '@fontsource/dancing-script', slug: 'dancing-script', faces: boldToo },
  { family: 'Caveat', pkg: '@fontsource/caveat', slug: 'caveat', faces: boldToo },
];

export const DEFAULT_FONT = 'Roboto';

export function fontFileName(font: CuratedFont, face: CuratedFont['faces'][number]): string {
  return `${font.slug}-latin-${face.weight}-${face.style}.woff2`;
}

/** The @font-face rules, with file names relative to the stylesheet (served as /static/fonts/fonts.css). */
export function fontFaceCss(): string {
  return CURATED_FONTS.flatMap((font) =>
    font.faces.map(
      (face) =>
        `@font-face{font-family:'${font.family}';font-style:${face.style};font-weight:${face.weight};` +
        `font-display:block;src:url(${fontFileName(font, face)}) format('woff2')}`,
    ),
  ).join('\n');
}
