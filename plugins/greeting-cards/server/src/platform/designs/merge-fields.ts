// Merge fields: text on a card that holds `{first_name}`, `{last_name}` or `{name}` is filled in with
// each recipient's name when that recipient's copy is drawn (the e-mail image, the view page, the
// print PDF and the printer's PDF), so one design sent to many people greets each by name. The stored
// card keeps the fields; only the copy drawn for a delivery is filled. Pure.
import { INNER_PAGES } from './print-products/pages';

export const MERGE_FIELDS = ['first_name', 'last_name', 'name'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const FIELD = /\{(first_name|last_name|name)\}/g;
const HAS_FIELD = /\{(?:first_name|last_name|name)\}/;
const TEXT_TYPES = new Set(['text', 'textbox', 'i-text']);

export interface MergeValues {
  first_name?: string | null;
  last_name?: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every text of a design: each page's text objects and the inside message. */
function* texts(canvasData: unknown, insideMessage?: unknown): Generator<string> {
  if (typeof insideMessage === 'string') yield insideMessage;
  if (!isRecord(canvasData)) return;
  const surfaces: unknown[] = [canvasData];
  if (isRecord(canvasData.pages)) for (const page of INNER_PAGES) surfaces.push(canvasData.pages[page]);
  for (const surface of surfaces) {
    if (!isRecord(surface) || !Array.isArray(surface.objects)) continue;
    for (const object of surface.objects) {
      if (isRecord(object) && TEXT_TYPES.has(String(object.type)) && typeof object.text === 'string') yield object.text;
    }
  }
}

/** The merge fields a card uses, in the order first met (for messages and the send form). */
export function mergeFieldsIn(canvasData: unknown, insideMessage?: unknown): MergeField[] {
  const found = new Set<MergeField>();
  for (const text of texts(canvasData, insideMessage))
    for (const m of text.matchAll(FIELD)) found.add(m[1] as MergeField);
  return [...found];
}

/** The text with its fields filled in; a name the recipient lacks becomes empty, its spacing tidied. */
export function fillText(text: string, values: MergeValues): string {
  const first = (values.first_name ?? '').trim();
  const last = (values.last_name ?? '').trim();
  const byField: Record<MergeField, string> = {
    first_name: first,
    last_name: last,
    name: [first, last].filter(Boolean).join(' '),
  };
  if (!HAS_FIELD.test(text)) return text;
  return text
    .replace(FIELD, (_, field: MergeField) => byField[field])
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.!?;:])/g, '$1');
}

function fillSurface(surface: unknown, values: MergeValues): unknown {
  if (!isRecord(surface) || !Array.isArray(surface.objects)) return surface;
  return {
    ...surface,
    objects: surface.objects.map((object) =>
      isRecord(object) && TEXT_TYPES.has(String(object.type)) && typeof object.text === 'string'
        ? { ...object, text: fillText(object.text, values) }
        : object,
    ),
  };
}

/** A copy of the design with every page's text filled in for one recipient; the input is untouched. */
export function fillDesign(canvasData: unknown, values: MergeValues): unknown {
  if (!isRecord(canvasData) || mergeFieldsIn(canvasData).length === 0) return canvasData;
  const filled = fillSurface(canvasData, values) as Record<string, unknown>;
  if (isRecord(canvasData.pages)) {
    const pages: Record<string, unknown> = { ...canvasData.pages };
    for (const page of INNER_PAGES) if (page in pages) pages[page] = fillSurface(pages[page], values);
    filled.pages = pages;
  }
  return filled;
}

/** A card row as drawn for one recipient: design and inside message filled in, everything else as is. */
export function personaliseCard<T extends object>(card: T, recipient: MergeValues | null | undefined): T {
  const row = card as { canvas_data?: unknown; inside_message?: unknown };
  if (!card || mergeFieldsIn(row.canvas_data, row.inside_message).length === 0) return card;
  const values = recipient ?? {};
  return {
    ...card,
    canvas_data: fillDesign(row.canvas_data, values),
    inside_message: typeof row.inside_message === 'string' ? fillText(row.inside_message, values) : row.inside_message,
  };
}
