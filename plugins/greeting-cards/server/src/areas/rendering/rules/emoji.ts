// Finds emoji in plain text (the inside message) so the print layout can set them as small images
// drawn from the colour emoji font, rather than making the PDF writer embed the whole font.

// An emoji: something shown as emoji by default, or a pictograph asked to be one with U+FE0F; then
// skin-tone modifiers and zero-width-joiner sequences (families, professions). Flags are pairs of
// regional indicators. Keycaps and other rarities fall through and are printed from the font.
const EMOJI =
  /(?:\p{Regional_Indicator}{2}|(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F)\p{Emoji_Modifier}?(?:\u200D(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F?)\p{Emoji_Modifier}?)*\uFE0F?)/gu;

/** The distinct emoji in `text`, in order of first appearance. */
export function emojiIn(text: string): string[] {
  return [...new Set(text.match(EMOJI) ?? [])];
}

/**
 * Splits text into plain runs and emoji, escaping the plain runs with `escape` and passing each
 * emoji to `emoji` (which returns the markup to use for it).
 */
export function replaceEmoji(text: string, escape: (s: string) => string, emoji: (e: string) => string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(EMOJI)) {
    out += escape(text.slice(last, m.index)) + emoji(m[0]);
    last = m.index + m[0].length;
  }
  return out + escape(text.slice(last));
}
