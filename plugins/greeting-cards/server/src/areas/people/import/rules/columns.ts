import { msg, type Message } from '../../../../platform/i18n/format-message';
import { quoted } from './limits';

// Which address-book field each column of an imported file fills. Columns are recognised by the names
// spreadsheets, mail programs and phone exports commonly give them; the person can change any choice.

export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'birthday',
  'anniversary',
  'notes',
  'tags',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** header -> field; '' leaves the column out. */
export type ColumnMapping = Record<string, ImportField | ''>;

export const FIELD_LABELS: Record<ImportField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  full_name: 'Full name (split in two)',
  email: 'E-mail',
  phone: 'Phone',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'Town or city',
  county: 'County or state',
  postcode: 'Postcode',
  country: 'Country',
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  notes: 'Notes',
  tags: 'Tags (groups)',
};

// Compared after lower-casing and dropping everything but letters and digits ("E-mail Address" -> "emailaddress").
const NAMES: Record<ImportField, string[]> = {
  first_name: ['firstname', 'givenname', 'first', 'forename', 'forenames', 'prenom', 'vorname'],
  last_name: ['lastname', 'surname', 'familyname', 'last', 'nom', 'nachname'],
  full_name: ['name', 'fullname', 'displayname', 'contact', 'contactname'],
  email: ['email', 'emailaddress', 'mail', 'email1', 'emailaddress1', 'primaryemail', 'email1value'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'mobilephone', 'phonenumber', 'homephone', 'cell', 'phone1value'],
  address_line_1: [
    'address1',
    'addressline1',
    'address',
    'street',
    'streetaddress',
    'homestreet',
    'line1',
    'address1street',
  ],
  address_line_2: ['address2', 'addressline2', 'line2', 'homestreet2', 'street2'],
  city: ['city', 'town', 'towncity', 'locality', 'homecity', 'address1city'],
  county: ['county', 'state', 'region', 'province', 'homestate', 'stateprovince', 'address1region'],
  postcode: ['postcode', 'zip', 'zipcode', 'postalcode', 'postcodezip', 'homepostalcode', 'address1postalcode'],
  country: ['country', 'countrycode', 'countryregion', 'homecountry', 'homecountryregion', 'address1country'],
  birthday: ['birthday', 'dateofbirth', 'dob', 'birthdate', 'born'],
  anniversary: ['anniversary', 'weddinganniversary'],
  notes: ['notes', 'note', 'comments', 'comment'],
  tags: ['tags', 'tag', 'groups', 'group', 'categories', 'category', 'labels', 'label', 'groupmembership'],
};

const squash = (header: string) =>
  header
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');

const BY_NAME = new Map<string, ImportField>(
  (Object.entries(NAMES) as Array<[ImportField, string[]]>).flatMap(([field, names]) =>
    names.map((n) => [n, field] as [string, ImportField]),
  ),
);

/** The field a column name suggests, or '' when it suggests none. */
export const fieldForHeader = (header: string): ImportField | '' => BY_NAME.get(squash(header)) ?? '';

/** The mapping guessed from the headers: each field from the first column that names it. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  // No prototype: a column named "__proto__" or "constructor" is just a column.
  const mapping: ColumnMapping = Object.create(null);
  for (const header of headers) {
    const field = fieldForHeader(header);
    mapping[header] = field && !taken.has(field) ? field : '';
    if (field) taken.add(field);
  }
  return mapping;
}

/**
 * The guessed mapping with the person's choices laid over it. Returns the problems instead when a
 * choice names a column the file does not have, a field that does not exist, or a field twice.
 */
export function applyMapping(
  headers: readonly string[],
  chosen: Record<string, unknown> | undefined,
): { mapping: ColumnMapping; problems: Message[] } {
  const mapping = guessMapping(headers);
  const problems: Message[] = [];
  const columns = new Set(headers);
  for (const [header, field] of Object.entries(chosen ?? {})) {
    if (!columns.has(header)) problems.push(msg('error.import_no_column', { header: quoted(header) }));
    else if (field === '' || field === null) mapping[header] = '';
    else if (typeof field === 'string' && (IMPORT_FIELDS as readonly string[]).includes(field)) {
      // A field chosen for this column is taken from the column that had it.
      for (const other of headers)
        if (other !== header && mapping[other] === field && !(chosen && other in chosen)) mapping[other] = '';
      mapping[header] = field as ImportField;
    } else
      problems.push(msg('error.import_not_field', { field: quoted(String(field)), choices: IMPORT_FIELDS.join(', ') }));
  }
  const counts = new Map<string, number>();
  for (const field of Object.values(mapping)) if (field) counts.set(field, (counts.get(field) ?? 0) + 1);
  for (const [field, n] of counts) if (n > 1) problems.push(msg('error.import_field_twice', { field, count: n }));
  // The first few say what is wrong; a mapping of thousands of made-up columns gets no longer an answer.
  return { mapping, problems: problems.slice(0, 5) };
}
