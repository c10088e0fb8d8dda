// English print-check messages (keys start with 'preflight.'), shared by the shop, the editor and the
// API's preflight reports. {where} is a page name from the 'preflight.page.' keys.
export const preflight = {
  'preflight.page.front': 'front',
  'preflight.page.inside_left': 'inside left',
  'preflight.page.inside_right': 'inside right',
  'preflight.page.back': 'back',
  'preflight.page.extra': 'extra page {number}',
  'preflight.unrenderable_design': 'The design cannot be printed: {detail}.',
  'preflight.outside_trim':
    'An object on the {where} is entirely outside the card: it would be cut off. Move it onto the card or delete it.',
  'preflight.placeholder_text': 'The {where} still says "{text}": replace the template\'s sample text with your own.',
  'preflight.photo_unloadable': 'A photo on the {where} cannot be loaded for printing.',
  'preflight.photo_low_resolution':
    'A photo on the {where} is {dpi} dpi at print size (under {min}): it may print blurred. Use a larger photo or make it smaller.',
  'preflight.text_outside_safe_area':
    'Text on the {where} crosses the safe margin ({safe} mm from the edge): it may be trimmed.',
  'preflight.photo_outside_safe_area':
    'A photo on the {where} crosses the safe margin ({safe} mm from the edge): it may be trimmed.',
  'preflight.too_many_pages':
    '{count, plural, one {This card has {count} extra page of signatures, and a posted card has only its four pages. Send it as an e-card or print it at home instead.} other {This card has {count} extra pages of signatures, and a posted card has only its four pages. Send it as an e-card or print it at home instead.}}',
  'preflight.empty_inside_message':
    'The inside of this posted card is empty: add a message, or send it blank on purpose.',
} as const;
