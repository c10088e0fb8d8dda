// A person's name and postal address as the service passes them around (address book, order
// snapshots, postal jobs): one type and one way to read them from a row.

/** The postal fields of a recipient, in the order a label prints them. */
export const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'city', 'county', 'postcode', 'country'] as const;

export type Address = { name: string } & Record<(typeof ADDRESS_FIELDS)[number], string>;

type Named = { first_name?: unknown; last_name?: unknown };

/** "First Last", skipping blank or missing parts; "" when there is neither. */
export const fullName = (r: Named): string =>
  [r.first_name, r.last_name]
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');

/** The address of a recipient row or snapshot; missing fields are "". */
export function addressOf(row: Named & Partial<Record<(typeof ADDRESS_FIELDS)[number], unknown>>): Address {
  const address = { name: fullName(row) } as Address;
  for (const field of ADDRESS_FIELDS) address[field] = typeof row[field] === 'string' ? (row[field] as string) : '';
  return address;
}
