// Envelopes (issue 45 item 4) as the shop hands them on: the published row's colours, checked again
// here because an order line keeps its own copy and the view page writes them into a style attribute.

export const LINER_PATTERNS = ['plain', 'dots', 'stripes', 'hearts', 'stars'] as const;
export type LinerPattern = (typeof LINER_PATTERNS)[number];

/** What an e-card line keeps of its envelope (order item `envelope`), frozen when it is chosen. */
export interface EnvelopeChoice {
  slug: string;
  color: string;
  liner_color: string;
  liner_pattern: LinerPattern;
}

export const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const COLOUR = /^#[0-9a-f]{6}$/i;

/** A stored envelope (a catalogue row or an order line's copy) as a choice; null when anything is off. */
export function envelopeChoice(row: Record<string, unknown> | null | undefined): EnvelopeChoice | null {
  if (!row || typeof row !== 'object') return null;
  const { slug, color, liner_color: liner, liner_pattern: pattern } = row;
  if (typeof slug !== 'string' || !SLUG.test(slug)) return null;
  if (typeof color !== 'string' || !COLOUR.test(color) || typeof liner !== 'string' || !COLOUR.test(liner)) return null;
  return {
    slug,
    color: color.toLowerCase(),
    liner_color: liner.toLowerCase(),
    liner_pattern: (LINER_PATTERNS as readonly string[]).includes(String(pattern))
      ? (pattern as LinerPattern)
      : 'plain',
  };
}
