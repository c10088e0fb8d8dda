import { IMPORT_LIMITS, lineTooLong, TOO_MANY_ROWS } from './limits';
import { UnreadableFile } from './table';

// The lines of a vCard file that the import reads, picked out before ical.js parses them. Phones and
// mail programs put photos (tens of kilobytes on one folded line), keys and their own X- properties in
// their exports; none is read, so none is parsed, counted or limited. What is kept is limited: each line
// (once unfolded) to the line length, since ical.js reads a line's parameters in time that grows with
// their square; and the contacts are counted before any is parsed. Lines are split and unfolded as
// ical.js does: at \n (with its \r), a line that starts with a space or tab continuing the one before.
// The text is walked by index, so a line left out (or too long) is never copied.

const READ = new Set(['VERSION', 'N', 'FN', 'EMAIL', 'TEL', 'ADR', 'BDAY', 'ANNIVERSARY', 'CATEGORIES', 'NOTE']);
// Cards only: a component inside one (or anywhere else) is left out with its BEGIN and END.
const CARD_EDGE = /^\s*(BEGIN|END)\s*:\s*VCARD\s*$/i;

/** A property's name, without its group ("item1.EMAIL;TYPE=HOME:..." is EMAIL). */
function propertyName(line: string): string {
  const end = line.search(/[;:]/);
  const name = end < 0 ? line : line.slice(0, end);
  return name
    .slice(name.lastIndexOf('.') + 1)
    .trim()
    .toUpperCase();
}

/** The physical lines of one logical line: [from, to) of each, without its \r\n and continuation blank. */
function* pieces(text: string, start: number): Generator<[number, number, number]> {
  let at = start;
  do {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    const from = at === start ? at : at + 1;
    const to = end > from && text.charCodeAt(end - 1) === 13 ? end - 1 : Math.max(from, end);
    yield [from, to, end + 1];
    at = end + 1;
  } while (at < text.length && (text[at] === ' ' || text[at] === '\t'));
}

/** The file's text as ical.js should read it: the cards' edges and the properties the import uses. */
export function vcardLinesToRead(text: string, maxCards: number): string {
  const kept: string[] = [];
  let cards = 0;
  let line = 1;
  for (let at = 0; at < text.length;) {
    const first = line;
    let length = 0;
    let head = '';
    let next = at;
    for (const [from, to, after] of pieces(text, at)) {
      if (from === at) head = text.slice(from, to);
      length += to - from;
      line += 1;
      next = after;
    }
    const start = at;
    at = next;
    if (!head.trim() && length === head.length) continue;
    const edge = CARD_EDGE.test(head) && length === head.length;
    // A name folded onto a second line (never seen, but allowed) keeps the line.
    if (!edge && /[;:]/.test(head) && !READ.has(propertyName(head))) continue;
    if (length > IMPORT_LIMITS.lineLength) throw new UnreadableFile(lineTooLong(first));
    if (edge && /BEGIN/i.test(head) && ++cards > maxCards) throw new UnreadableFile(TOO_MANY_ROWS);
    let whole = '';
    for (const [from, to] of pieces(text, start)) whole += text.slice(from, to);
    kept.push(whole);
  }
  return kept.join('\r\n');
}
