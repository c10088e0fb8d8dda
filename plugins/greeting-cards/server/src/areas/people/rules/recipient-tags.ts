import { z } from 'zod';
import { zodMessage } from '../../../platform/i18n/format-message';

// Groups of recipients ("Family", "Work") as short tags. A tag is kept as typed (spaces tidied) and
// compared without regard to case, so "family" and "Family " are one group: the key is what the
// database filters on, the name is what people see.

export const TAG_LIMITS = { length: 30, perRecipient: 20 } as const;

/** The tag as shown: trimmed, inner whitespace collapsed to one space. Empty when nothing is left. */
export function normaliseTag(raw: string): string {
  // Control characters and separators would only confuse lists and CSV round trips.
  return raw
    .replace(/[\u0000-\u001f\u007f,;|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What two spellings of one tag share: the comparison key stored beside the name. */
export const tagKey = (name: string): string => normaliseTag(name).toLocaleLowerCase('en');

/** Splits a typed or imported list ("Family, Work; Friends") into tags; empty parts are dropped. */
export function splitTagList(raw: string): string[] {
  return raw.split(/[,;|]/).map(normaliseTag).filter(Boolean);
}

/** Tags once each (the first spelling wins), in the order given. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const name = normaliseTag(tag);
    const key = tagKey(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Problems with a list of tags (empty when it can be stored). */
export function tagProblems(tags: readonly string[]): string[] {
  const problems: string[] = [];
  const long = tags.find((t) => t.length > TAG_LIMITS.length);
  if (long) problems.push(zodMessage('error.tag_length', { max: TAG_LIMITS.length, tag: long.slice(0, 40) }));
  if (tags.length > TAG_LIMITS.perRecipient)
    problems.push(zodMessage('error.tags_per_entry', { max: TAG_LIMITS.perRecipient }));
  return problems;
}

/**
 * Reads the `tags` of a request: a list of strings, or one string of comma-separated tags (as an HTML
 * form sends it). Returns the unique tags or the problems.
 */
export function readTags(input: unknown): { tags: string[]; problems: string[] } {
  let list: string[];
  if (input === null || input === undefined) list = [];
  else if (typeof input === 'string') list = splitTagList(input);
  else if (Array.isArray(input) && input.every((t) => typeof t === 'string'))
    list = input.flatMap((t: string) => splitTagList(t));
  else return { tags: [], problems: [zodMessage('error.tags_list')] };
  const tags = uniqueTags(list);
  return { tags, problems: tagProblems(tags) };
}

/** The `tags` field of a request body, for zod schemas at the edges: the unique tags, or a 400 on `tags`. */
export const tagsField = z.unknown().transform((input, ctx) => {
  const { tags, problems } = readTags(input);
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
  return tags;
});
