// Error texts in the request's language, gettext style: the services throw the spec's English texts,
// and the English text is the message id. An error body ({"field": ["..."]} or {"detail": "..."}) is
// rewritten at the edge (platform/http/respond.ts, platform/web/form-input.ts) by finding each text among the English
// 'error.' messages and writing the same key in the locale. Plain texts are looked up exactly; a text
// with {placeholders} becomes one regex, compiled once, whose captures refill the translation. A text
// not in the catalogue (a message from a library, a setting's value) is left as it is.
import { catalogueFor } from './messages';
import { DEFAULT_LOCALE, type Locale } from './locales';

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

const PREFIX = 'error.';
const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: { exact: Map<string, string>; templates: Template[] } | null = null;

/** The English texts, compiled on first use (the catalogue is fixed for the process). */
function english() {
  if (compiled) return compiled;
  const exact = new Map<string, string>();
  const templates: (Template & { literal: number })[] = [];
  for (const [key, text] of Object.entries(catalogueFor(DEFAULT_LOCALE))) {
    if (!key.startsWith(PREFIX)) continue;
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (!names.length) {
      exact.set(text, key);
      continue;
    }
    const literals = text.split(/\{\w+\}/);
    const pattern = new RegExp(`^${literals.map(escape).join('([\\s\\S]+?)')}$`);
    templates.push({ key, pattern, names, literal: literals.join('').length });
  }
  // The most specific first: "{label}: {message}" must not win over a text that says more.
  templates.sort((a, b) => b.literal - a.literal);
  return (compiled = { exact, templates });
}

/** One text in `locale`, or null when it is not a known English error text. */
function lookUp(text: string, locale: Locale, depth: number): string | null {
  const { exact, templates } = english();
  const own = catalogueFor(locale);
  const key = exact.get(text);
  if (key) return own[key] ?? text;
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    // A variable part may itself be a message ("Item 3: An e-card needs a recipient.").
    template.names.forEach((name, i) => (values[name] = depth < 2 ? (lookUp(match[i + 1], locale, depth + 1) ?? match[i + 1]) : match[i + 1]));
    const translated = own[template.key] ?? '';
    return translated.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  }
  return null;
}

// Several messages joined into one text ("Only a cart can be checked out. This order is paid.").
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=["“A-Z])/;

/** An English error text in `locale`; unknown texts come back unchanged. */
export function localizeErrorText(text: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return text;
  const whole = lookUp(text, locale, 0);
  if (whole !== null) return whole;
  const sentences = text.split(SENTENCE_BREAK);
  if (sentences.length < 2) return text;
  return sentences.map((sentence) => lookUp(sentence, locale, 0) ?? sentence).join(' ');
}

function localizeValue(value: unknown, locale: Locale): unknown {
  if (typeof value === 'string') return localizeErrorText(value, locale);
  if (Array.isArray(value)) return value.map((item) => localizeValue(item, locale));
  if (value && typeof value === 'object') return localizeErrorBody(value as Record<string, unknown>, locale);
  return value;
}

/**
 * An error body in `locale`: the texts of a field-errors body (at any depth, non_field_errors too) and
 * a {detail} body. A new object, so a shared error is never changed; English returns `body` itself.
 * Other string values next to them (codes) are kept.
 */
export function localizeErrorBody<T>(body: T, locale: Locale): T {
  if (locale === DEFAULT_LOCALE || !body || typeof body !== 'object') return body;
  if (Array.isArray(body)) return localizeValue(body, locale) as T;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    out[field] = typeof value === 'string' && field !== 'detail' ? value : localizeValue(value, locale);
  }
  return out as T;
}
