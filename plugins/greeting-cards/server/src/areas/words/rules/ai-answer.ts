/** The longest AI suggestion put on a card (characters); longer answers are cut at a word. */
export const AI_SUGGESTION_MAX_CHARS = 300;

/**
 * An AI model's answer as plain card text: tags, Markdown emphasis, headings, list bullets, code fences
 * and wrapping quotes go; control characters go; whitespace is tidied; the length is capped at a word.
 * Whatever it returns, the result is plain text (the pages escape it too).
 */
export function cleanAiAnswer(raw: string, max = AI_SUGGESTION_MAX_CHARS): string {
  let text = raw
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  text = text.replace(/^["'“„«]+|["'”“»]+$/g, '').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
