import fc from 'fast-check';
import sharp from 'sharp';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { webSession, type WebSession } from '../web/session';
import { mp3, mp4, ogg, webm } from '../helpers/media-files';

// Issue 9: generated bodies (wrong types, huge strings, NUL and control characters, deep nesting,
// unknown keys, known keys with nonsense) to every write route. Each answer must be below 500, a
// refusal must have the spec's error shape, and a refused request must leave every table as it was.
// FUZZ_RUNS (default 2000) is the number of bodies per route. The storefront's form routes (security
// round 2) get form bodies as a browser would send them, a quarter of FUZZ_RUNS each: they render whole
// pages, so each answer costs more, and a form body has fewer shapes than JSON. The address-book import
// (security issue 39) gets generated files, a quarter of FUZZ_RUNS too: random bytes, CSV and vCard text
// made of what their parsers act on, and wide and deep files.
// @coverage-on sqlite (CI measures its long run on the faster lane: tests/helpers/lane-sequencer.js)
const RUNS = Number(process.env.FUZZ_RUNS || 2000);
const FORM_RUNS = Math.max(1, Math.ceil(RUNS / 4));
const IMPORT_RUNS = Math.max(1, Math.ceil(RUNS / 4));
// A group-card signer's photo (issue 45 item 7): generated files, an eighth of FUZZ_RUNS (each is decoded).
const PHOTO_RUNS = Math.max(1, Math.ceil(RUNS / 8));
// A card's video or voice message (issue 45 item 3): generated files, a quarter of FUZZ_RUNS too.
const MEDIA_RUNS = Math.max(1, Math.ceil(RUNS / 4));

const FIELDS = [
  'title',
  'canvas_data',
  'inside_message',
  'is_favorite',
  'template',
  'card_id',
  'recipient_id',
  'delivery_method',
  'scheduled_for',
  'gift_addon_id',
  'gift_wrap',
  // An e-card's envelope and its reminder if unopened (issue 45).
  'envelope',
  'remind_unopened',
  'promo_code',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'notes',
  'birthday',
  'relationship',
  'recipient',
  'occasion',
  'event_type',
  'event_date',
  'days_before',
  'is_active',
  'plan_slug',
  'success_url',
  'cancel_url',
  'return_url',
  'version',
  'background',
  'objects',
  'id',
  'owner',
  'user',
  'status',
  '__proto__',
  'constructor',
  'src',
  'left',
  'top',
  'width',
  'height',
  'type',
  'title',
  'favorite',
  'plan',
  '_csrf',
  // The import page's preview form: the file's text, the column choices, the step.
  'content',
  'map_0',
  'map_1',
  'step',
  // Handwriting (issue 45): a stroke's fields and the ink colour of a handwriting photo.
  'path',
  'stroke',
  'strokeWidth',
  'colour',
  // A recipient's thank-you back (issue 45 item 5).
  'message',
  'sticker_id',
];

const nasty = fc.string({
  unit: fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u0008',
    '\u001b',
    '\u007f',
    '\u200b',
    '\ufeff',
    '\ud83c\udf89',
    'a',
    '<',
    '"',
    '\\',
    "'",
    '%',
    '\n',
  ),
});
const huge = fc.integer({ min: 5_000, max: 60_000 }).map((n) => 'x'.repeat(n));
const scalar = fc.oneof(
  fc.string(),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    'ecard',
    'post',
    'print',
    '2030-01-01',
    '1',
    '-1',
    '1e400',
    'true',
    'https://evil.example/',
    '/orders/x/',
    '#FFFFFF',
    'FIRSTCARD',
  ),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5),
);
const deep = fc.integer({ min: 50, max: 1500 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
// A design holding handwriting strokes: commands right, wrong or nearly right (issue 45).
const coordinate = fc.oneof(
  fc.double({ min: -200, max: 800, noNaN: true }),
  fc.constantFrom(Number.NaN, Infinity, 1e300, -1e9, '1', null),
);
const command = fc.oneof(
  fc.tuple(fc.constantFrom('M', 'L'), coordinate, coordinate),
  fc.tuple(fc.constant('Q'), coordinate, coordinate, coordinate, coordinate),
  fc.array(fc.oneof(fc.constantFrom('M', 'L', 'Q', 'C', 'Z', 'A', 'm'), coordinate), { maxLength: 8 }),
);
const stroke = fc.record(
  {
    type: fc.constantFrom('path', 'Path'),
    path: fc.oneof(fc.array(command, { maxLength: 40 }), scalar),
    stroke: fc.constantFrom('#1D2A44', 'red', 'url(#x)', '#GGG'),
    strokeWidth: fc.oneof(fc.double({ min: -5, max: 200 }), scalar),
    left: coordinate,
    top: coordinate,
  },
  { requiredKeys: ['type', 'path'] },
);
const strokeDesign = fc.record({
  version: fc.constant('7.0.0'),
  background: fc.constant('#FFFFFF'),
  objects: fc.array(stroke, { maxLength: 4 }),
});
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: strokeDesign },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 4 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: deep },
);
const body: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string(), nasty), value, { maxKeys: 8 }),
  },
  { weight: 1, arbitrary: fc.anything() },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(value, { maxLength: 5 }) },
);

// Form bodies: keys as forms name them (qs brackets included), values strings or repeated keys.
const formKey = fc.oneof(
  fc.constantFrom(...FIELDS),
  fc.constantFrom('a[b]', 'objects[0][type]', 'items[]', '__proto__[x]', 'constructor[prototype][x]', 'card_id[]'),
  fc.string(),
  nasty,
);
const formValue: fc.Arbitrary<string | string[]> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.oneof(
      fc.string(),
      nasty,
      fc.constantFrom(
        '',
        '1',
        '-1',
        '0',
        'ecard',
        'post',
        'true',
        'false',
        '2030-01-01',
        'FIRSTCARD',
        'premium',
        'https://evil.example/',
        '99999999999999999999',
      ),
    ),
  },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.array(fc.string(), { minLength: 2, maxLength: 4 }) },
);
const formBody = fc.record({ fields: fc.dictionary(formKey, formValue, { maxKeys: 8 }), htmx: fc.boolean() });
function encodeForm(fields: Record<string, string | string[]>, csrf: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  // The session's token, so the body reaches the route rather than the CSRF check (set last: it wins).
  params.set('_csrf', csrf);
  return params.toString();
}

// Import files. Each column or property mostly gets a value that would be imported, sometimes with a
// control character put in it (a NUL stored is a 500 on PostgreSQL), sometimes text made of what the
// parsers act on: separators, quotes, line breaks, blanks (csv-parse trims them). Rows share e-mail
// addresses, so imports merge into a few entries instead of growing the address book run after run.
const PLAUSIBLE: Record<string, string[]> = {
  'First name': ['Sam', 'Ada'],
  'Last name': ['Jones', 'Lovelace'],
  Name: ['Sam Jones'],
  Email: ['sam@example.test', 'ada@example.test'],
  Phone: ['+44 20 7946 0000'],
  Address: ['12 Mill Lane'],
  City: ['Bath'],
  Postcode: ['BA1 1AA', 'sw1a1aa'],
  Country: ['United Kingdom', 'GB'],
  Birthday: ['1990-02-28', '31/12/1990'],
  Anniversary: ['2001-06-30T10:00:00Z'],
  Notes: ['Two\nlines\tand a tab'],
  Tags: ['Family, Work'],
  N: ['Moss;Nia;;;'],
  FN: ['Nia Moss'],
  EMAIL: ['nia@example.test'],
  TEL: ['+44 20 7946 0001'],
  ADR: [';;15 Park Row;Hull;;HU1 1AD;United Kingdom'],
  BDAY: ['1992-07-04', '--0704'],
  CATEGORIES: ['Family,Book club'],
  NOTE: ['Line\\nbreak'],
  VERSION: ['3.0', '4.0'],
  BEGIN: ['VCARD', 'X'],
  END: ['VCARD', 'X'],
};
const HEADERS = [...Object.keys(PLAUSIBLE).slice(0, 13), '__proto__', 'constructor', ''];
const fileChar = fc.constantFrom(
  'a',
  'Z',
  '1',
  'T',
  '-',
  '/',
  '.',
  '@',
  ',',
  ';',
  ':',
  '"',
  '\\',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\t',
  '\u0000',
  '\u0007',
  '\u0085',
  '\u00a0',
  '\ufeff',
  'é',
  '\ud83c\udf89',
);
const control = fc.constantFrom('\u0000', '\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085');
/** A value for a column or property: one that would be imported, one with a control character in it, or text. */
const valueFor = (name: string) => {
  const plausible = fc.constantFrom(...(Object.hasOwn(PLAUSIBLE, name) ? PLAUSIBLE[name] : ['Sam']));
  return fc.oneof(
    { weight: 4, arbitrary: plausible },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible, control, fc.nat())
        .map(([v, c, at]) => `${v.slice(0, at % (v.length + 1))}${c}${v.slice(at % (v.length + 1))}`),
    },
    { weight: 1, arbitrary: fc.oneof(fc.string({ unit: fileChar, maxLength: 30 }), nasty) },
  );
};
const csvFile = fc
  .record({
    separator: fc.constantFrom(',', ';'),
    lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
    header: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...HEADERS) },
        { weight: 1, arbitrary: fc.string({ unit: fileChar, maxLength: 12 }) },
      ),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .chain(({ separator, lineEnd, header }) =>
    fc
      .array(fc.tuple(...header.map(valueFor)), { maxLength: 30 })
      .map((rows) => [header, ...rows].map((r) => r.join(separator)).join(lineEnd)),
  );
const vcardProperty = fc
  .record({
    group: fc.constantFrom('', '', 'item1.'),
    name: fc.constantFrom(
      'N',
      'FN',
      'EMAIL',
      'TEL',
      'ADR',
      'BDAY',
      'CATEGORIES',
      'NOTE',
      'PHOTO',
      'X-CUSTOM',
      'VERSION',
      'BEGIN',
      'END',
      'fn',
    ),
    parameters: fc.array(fc.constantFrom(';TYPE=HOME', ';type=pref', ';ENCODING=b', ';VALUE=text', ';X="a:b;c"', ';'), {
      maxLength: 3,
    }),
  })
  .chain(({ group, name, parameters }) =>
    valueFor(name).map((value) => `${group}${name}${parameters.join('')}:${value}`),
  );
const vcardFile = fc
  .record({
    lineEnd: fc.constantFrom('\r\n', '\n'),
    cards: fc.array(fc.array(vcardProperty, { maxLength: 8 }), { minLength: 1, maxLength: 5 }),
    foldEvery: fc.constantFrom(0, 0, 3, 75),
    unended: fc.boolean(),
  })
  .map(({ lineEnd, cards, foldEvery, unended }) => {
    const fold = (line: string) =>
      foldEvery ? line.replace(new RegExp(`(.{${foldEvery}})`, 'g'), `$1${lineEnd} `) : line;
    const text = cards
      .map((props) => ['BEGIN:VCARD', 'VERSION:3.0', ...props.map(fold), 'END:VCARD'].join(lineEnd))
      .join(lineEnd);
    return unended ? text.replace(/END:VCARD$/, '') : `${text}${lineEnd}`;
  });
// Wide: columns by the thousand. Deep: rows, lines, folds, parameters and nesting by the thousand.
const wideFile = fc
  .record({
    columns: fc.integer({ min: 90, max: 5000 }),
    rows: fc.integer({ min: 1, max: 40 }),
    separator: fc.constantFrom(',', ';'),
  })
  .map(({ columns, rows, separator }) => {
    const header = ['First name', 'Email', ...Array.from({ length: columns - 2 }, (_, i) => `c${i}`)].join(separator);
    return `${header}\n${`Sam${separator}sam@example.test${separator.repeat(columns - 2)}\n`.repeat(rows)}`;
  });
const card = (lines: string) =>
  `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sam Jones\r\nEMAIL:sam@example.test\r\n${lines}END:VCARD\r\n`;
const deepFile = fc.oneof(
  fc
    .integer({ min: 1000, max: 60_000 })
    .map((n) => `First name,Email,Notes\nSam,sam@example.test,"${'x\n'.repeat(n)}"\n`),
  fc.integer({ min: 1000, max: 60_000 }).map((n) => `First name,Email,Notes\nSam,sam@example.test,${'y'.repeat(n)}\n`),
  fc.integer({ min: 1000, max: 6000 }).map((n) => `First name,Email\n${'Sam,sam@example.test\n'.repeat(n)}`),
  fc
    .integer({ min: 1000, max: 60_000 })
    .map((n) => `First name,Email,Birthday\nSam,sam@example.test,"${'T'.repeat(n)}\nx"\n`),
  fc.integer({ min: 100, max: 20_000 }).map((n) => card(`NOTE:a${'\r\n b'.repeat(n)}\r\n`)),
  fc.integer({ min: 100, max: 5000 }).map((n) => card(`${'BEGIN:X\r\n'.repeat(n)}${'END:X\r\n'.repeat(n)}`)),
  fc.integer({ min: 100, max: 6000 }).map((n) => card('').repeat(n)),
  fc.integer({ min: 100, max: 12_000 }).map((n) => card(`TEL${';A=b'.repeat(n)}:+44 20 7946 0000\r\n`)),
);
const importFile = fc.oneof(
  { weight: 3, arbitrary: csvFile.map((text) => ({ text, name: 'contacts.csv' })) },
  { weight: 3, arbitrary: vcardFile.map((text) => ({ text, name: 'contacts.vcf' })) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ text: Buffer.from(bytes), name: 'noise.csv' })),
  },
  { weight: 1, arbitrary: wideFile.map((text) => ({ text, name: 'wide.csv' })) },
  { weight: 1, arbitrary: deepFile.map((text) => ({ text, name: 'deep.txt' })) },
);
// Message files (issue 45 item 3): real containers cut short, with bytes flipped or appended, random
// bytes behind a real signature, plain random bytes; under any name and captions of any kind.
const MEDIA_MAKERS = [
  () => mp3(3),
  () => ogg(3),
  () => webm(3),
  () => webm(3, 'video'),
  () => mp4(3),
  () => mp4(3, 'audio'),
];
const mediaFile = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(fc.integer({ min: 0, max: MEDIA_MAKERS.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([i, cut]) => {
      const whole = MEDIA_MAKERS[i]();
      return whole.subarray(0, Math.floor(whole.length * cut));
    }),
  fc
    .tuple(
      fc.integer({ min: 0, max: MEDIA_MAKERS.length - 1 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 20 }),
    )
    .map(([i, flips]) => {
      const file = Buffer.from(MEDIA_MAKERS[i]());
      for (const [at, value] of flips) file[at % file.length] = value;
      return file;
    }),
  fc
    .tuple(
      fc.integer({ min: 0, max: MEDIA_MAKERS.length - 1 }),
      fc.uint8Array({ minLength: 1, maxLength: 500 }),
      fc.boolean(),
    )
    .map(([i, extra, atEnd]) => {
      const whole = MEDIA_MAKERS[i]();
      return atEnd
        ? Buffer.concat([whole, Buffer.from(extra)])
        : Buffer.concat([whole.subarray(0, 64), Buffer.from(extra)]);
    }),
);
const mediaRequest = fc.record({
  file: fc.option(mediaFile, { nil: null }),
  name: fc.constantFrom(
    'message.mp3',
    'clip.webm',
    'voice.ogg',
    'video.mp4',
    'song.m4a',
    'photo.jpg',
    'x',
    '../../etc/passwd',
  ),
  captions: fc.option(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ minLength: 2001, maxLength: 2100 })), {
    nil: null,
  }),
});

const importRequest = fc.record({
  file: importFile,
  // Spreadsheets' encodings: UTF-8, with or without a byte-order mark, and Windows-1252.
  encoding: fc.constantFrom('utf8', 'bom', 'latin1'),
  dryRun: fc.constantFrom(undefined, 'true', 'true', 'false', 'maybe'),
  mapping: fc.option(
    fc.oneof(
      fc
        .dictionary(
          fc.oneof(fc.constantFrom(...HEADERS), fc.string()),
          fc.oneof(
            fc.constantFrom('', 'email', 'first_name', 'full_name', 'tags', 'shoe_size'),
            fc.constant(null),
            fc.integer(),
          ),
        )
        .map((m) => JSON.stringify(m)),
      fc.string(),
      nasty,
    ),
  ),
});
const fileBytes = (text: string | Buffer, encoding: string): Buffer =>
  Buffer.isBuffer(text)
    ? text
    : encoding === 'latin1'
      ? Buffer.from(text, 'latin1')
      : Buffer.from(`${encoding === 'bom' ? '\ufeff' : ''}${text}`);

function isSpecError(status: number, payload: unknown): boolean {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const entries = Object.entries(payload as Record<string, unknown>);
  if (entries.length === 1 && entries[0][0] === 'detail') return typeof entries[0][1] === 'string';
  // Field errors: {"field": ["message", ...]}; not for 401/404, which always carry a detail.
  return (
    status === 400 &&
    entries.length > 0 &&
    entries.every(([, v]) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'))
  );
}

describe('fuzzing every write route', () => {
  let app: TestApp;
  let user: TestUser;
  let tables: string[] = [];
  let ids: {
    card: number;
    recipient: number;
    reminder: number;
    cart: string;
    addressToken: string;
    viewToken: string;
    group: string;
    signToken: string;
    signature: number;
    mediaCard: number;
    /** A photo on that signature, for the signing page's remove form (added before the forms run). */
    photo: string;
  } = {
    card: 0,
    recipient: 0,
    reminder: 0,
    cart: '',
    addressToken: '',
    viewToken: '',
    group: '',
    signToken: '',
    signature: 0,
    mediaCard: 0,
    photo: '',
  };

  /**
   * Row counts of every plugin table, and the update times of the rows PATCH routes target: one query.
   * The shopper's own address-book entry is left out of the update times: every page listing recipients
   * refreshes it from the user record (SERVICE_AUTO_SYNC_USER_RECIPIENT), whatever the form said.
   */
  async function snapshot(): Promise<string> {
    const knex = app.strapi.db.connection;
    // An empty cart is not stored from a body: every basket view gets or creates the shopper's cart (as
    // GET /api/orders/cart/ does), and a refused basket form shows the basket again, so after a checkout
    // in the run it opens a new, empty one. Orders are counted without those (and their user links).
    const parts = tables
      .filter((t) => t !== 'gc_orders_user_lnk')
      .map((t) =>
        t === 'gc_orders'
          ? `(SELECT COUNT(*) FROM gc_orders WHERE NOT (status = 'cart' AND subtotal_pence = 0)) AS gc_orders`
          : `(SELECT COUNT(*) FROM ${t}) AS ${t}`,
      );
    parts.push(
      `(SELECT MAX(updated_at) FROM gc_cards) AS cards_updated`,
      `(SELECT MAX(updated_at) FROM gc_recipients WHERE is_system_user IS NOT TRUE) AS recipients_updated`,
      `(SELECT MAX(updated_at) FROM gc_reminders) AS reminders_updated`,
    );
    const rows = await knex.raw(`SELECT ${parts.join(', ')}`);
    const row = Array.isArray(rows) ? rows[0] : rows.rows[0];
    return JSON.stringify(row);
  }

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'true', SERVICE_RENDERER: 'memory', LOG_LEVEL: 'error' });
    user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user);
    const recipient = await createRecipient(app.strapi, user);
    const reminder = await app.strapi.db.query('plugin::greeting-cards.reminder').create({
      data: { user: user.id, recipient: recipient.id, title: 'Birthday', type: 'birthday', event_date: '2030-05-01' },
    });
    // A sent e-card, whose view token the reply routes take (issue 45 item 5); bought before the cart
    // the order routes are fuzzed on is opened.
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    const bought = (await app.http().get('/api/orders/cart/').set(user.auth).expect(200)).body.uuid;
    await app.http().post(`/api/orders/${bought}/checkout/`).set(user.auth).send({}).expect(200);
    await app.http().post(`/api/orders/${bought}/pay/`).set(user.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [sentCard] = await deliveriesOf(app.strapi, bought);
    const cart = await app.http().get('/api/orders/cart/').set(user.auth).expect(200);
    const addressLink = await app.http().post('/api/recipients/request-link/').set(user.auth).expect(201);
    // A group card the shopper organises and has signed (signed in: their account is their edit right),
    // for the photo routes (issue 45 item 7).
    const group = await app
      .http()
      .post('/api/group-cards/')
      .set(user.auth)
      .send({
        card_id: card.id,
        title: 'Fuzzed',
        recipient_name: 'Sam',
        deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      })
      .expect(201);
    const signature = await app
      .http()
      .post(`/api/sign/${group.body.sign_token}/signatures/`)
      .set(user.auth)
      .send({ display_name: 'Jo', message: 'Hello' })
      .expect(201);
    ids = {
      card: card.id,
      recipient: recipient.id,
      reminder: reminder.id,
      cart: cart.body.uuid,
      addressToken: addressLink.body.token,
      viewToken: sentCard.view_token,
      group: group.body.uuid,
      signToken: group.body.sign_token,
      signature: signature.body.id,
      // A card not ordered, whose message may still change (an ordered card's is frozen: 409).
      mediaCard: (await createCard(app.strapi, user)).id,
      photo: '',
    };
    const knex = app.strapi.db.connection;
    const list =
      app.db.kind === 'postgres'
        ? (
            await knex.raw(
              `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'gc\\_%'`,
            )
          ).rows
        : await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'gc\\_%' ESCAPE '\\'`);
    tables = (list as Array<{ name: string }>)
      .map((r) => r.name)
      .filter((n) => n !== 'gc_rate_limits')
      .sort();
    expect(tables).toEqual(expect.arrayContaining(['gc_cards', 'gc_recipients', 'gc_orders']));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const WRITE_ROUTES: Array<[string, 'post' | 'patch' | 'put', () => string]> = [
    ['create a card', 'post', () => '/api/cards/'],
    ['update a card', 'patch', () => `/api/cards/${ids.card}/`],
    ['save a design', 'post', () => `/api/cards/${ids.card}/save_design/`],
    ['favourite a card', 'post', () => `/api/cards/${ids.card}/favorite/`],
    ['personalise a template', 'post', () => '/api/templates/balloon-party/personalize/'],
    ['create a recipient', 'post', () => '/api/recipients/'],
    ['update a recipient', 'patch', () => `/api/recipients/${ids.recipient}/`],
    ['create a reminder', 'post', () => '/api/reminders/'],
    ['update a reminder', 'patch', () => `/api/reminders/${ids.reminder}/`],
    ['add to cart', 'post', () => '/api/orders/add_to_cart/'],
    ['check out', 'post', () => `/api/orders/${ids.cart}/checkout/`],
    ['pay', 'post', () => `/api/orders/${ids.cart}/pay/`],
    ['cancel', 'post', () => `/api/orders/${ids.cart}/cancel/`],
    ['subscribe', 'post', () => '/api/subscriptions/checkout/'],
    ['billing portal', 'post', () => '/api/subscriptions/portal/'],
    ['sync my recipient', 'post', () => '/api/me/sync_recipient/'],
    // Issue 45: an AI message suggestion (off here: a valid body is a 404, anything else a 400).
    ['ask for an AI message suggestion', 'post', () => '/api/message_suggestions/ai/'],
    // A friend's submission through an address link (issue 24): public, found by its token.
    ['submit an address through a link', 'post', () => `/api/address/${ids.addressToken}/`],
    // A recipient's thank-you back (issue 45 item 5), public, found by the card's view token: the first
    // valid body sends it, later ones are a 409; PUT changes it.
    ['reply to a card', 'post', () => `/api/cards/view/${ids.viewToken}/reply/`],
    ['change a reply to a card', 'put', () => `/api/cards/view/${ids.viewToken}/reply/`],
    // The editor's JSON routes (security round 2).
    ['crop a photo', 'post', () => '/editor/photos/crop/'],
    ['upload a photo, sent as JSON', 'post', () => '/editor/photos/'],
    ['lift handwriting from a photo, sent as JSON', 'post', () => '/editor/photos/handwriting/'],
    // A group-card signer's photo and the organiser hiding photos (issue 45 item 7).
    [
      'add a photo to a group-card message, sent as JSON',
      'post',
      () => `/api/sign/${ids.signToken}/signatures/${ids.signature}/photos/`,
    ],
    ["hide a signer's photos", 'post', () => `/api/group-cards/${ids.group}/signatures/${ids.signature}/photos/hide/`],
    ["show a signer's photos", 'post', () => `/api/group-cards/${ids.group}/signatures/${ids.signature}/photos/show/`],
    // A card's video or voice message (issue 45 item 3); its files are generated below.
    ["save a card's message, sent as JSON", 'post', () => `/editor/${ids.mediaCard}/message/`],
  ];

  it.each(WRITE_ROUTES)(
    `%s: ${RUNS} generated bodies, no 5xx, spec error shapes, no partial writes`,
    async (_name, method, path) => {
      let answered = 0;
      // Strapi logs each body its JSON parser refuses (a 400) as an error; collect those instead of
      // printing thousands, and let nothing else through.
      const logged: string[] = [];
      const quiet = jest.spyOn(app.strapi.log, 'error').mockImplementation(((message: unknown) => {
        logged.push(String((message as Error)?.message ?? message));
        return app.strapi.log;
      }) as typeof app.strapi.log.error);
      // Only a 2xx may change the database, so the snapshot is retaken after those alone.
      let before = await snapshot();
      await fc
        .assert(
          fc.asyncProperty(body, async (generated) => {
            const text = JSON.stringify(generated) ?? 'null';
            const res = await app
              .http()
              [method](path())
              .set(user.auth)
              .set('Content-Type', 'application/json')
              .send(text);
            answered += 1;
            if (res.status >= 500)
              throw new Error(`${res.status} for ${text.slice(0, 300)}: ${JSON.stringify(res.body)}`);
            if (res.status >= 400) {
              if (res.status !== 413 && !isSpecError(res.status, res.body))
                throw new Error(`not the spec's error shape (${res.status}): ${JSON.stringify(res.body)}`);
              const after = await snapshot();
              if (after !== before)
                throw new Error(
                  `a refused request (${res.status}) changed the database:\n${before}\n${after}\nbody: ${text.slice(0, 300)}`,
                );
            } else {
              before = await snapshot();
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .finally(() => quiet.mockRestore());
      expect(answered).toBeGreaterThanOrEqual(RUNS);
      expect(
        logged.filter((m) => !/forbidden prototype property|invalid JSON|in JSON at position|JSON/i.test(m)),
      ).toEqual([]);
    },
    900_000,
  );

  // The address-book import (security issue 39): generated files through the real route. A refusal and
  // a preview (dry_run) write nothing; an import may, and the snapshot is retaken after it. A shopper of
  // its own, so the other routes' pages do not list thousands of imported entries.
  it(`import a file: ${IMPORT_RUNS} generated CSV, vCard, random, wide and deep files, no 5xx, spec error shapes, no writes from a refusal or a preview`, async () => {
    const importer = await createUser(app.strapi);
    let answered = 0;
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(importRequest, async ({ file, encoding, dryRun, mapping }) => {
        let req = app.http().post('/api/recipients/import/').set(importer.auth);
        if (dryRun !== undefined) req = req.field('dry_run', dryRun);
        if (mapping !== null) req = req.field('mapping', mapping);
        const res = await req.attach('file', fileBytes(file.text, encoding), file.name);
        answered += 1;
        const sent = `${file.name} (${encoding}, dry_run ${dryRun}, mapping ${String(mapping).slice(0, 100)}): ${JSON.stringify(String(file.text).slice(0, 300))}`;
        if (res.status >= 500) throw new Error(`${res.status} for ${sent}: ${JSON.stringify(res.body)}`);
        if (res.status >= 400 && !isSpecError(res.status, res.body))
          throw new Error(`not the spec's error shape (${res.status}): ${JSON.stringify(res.body)}`);
        if (res.status >= 300 || dryRun === 'true') {
          const after = await snapshot();
          if (after !== before)
            throw new Error(
              `a ${res.status >= 300 ? `refused import (${res.status})` : 'preview'} changed the database:\n${before}\n${after}\nfile: ${sent}`,
            );
        } else {
          before = await snapshot();
        }
      }),
      { numRuns: IMPORT_RUNS, endOnFailure: true },
    );
    expect(answered).toBeGreaterThanOrEqual(IMPORT_RUNS);
  }, 900_000);

  // A group-card signer's photo (issue 45 item 7): generated files through the real route, made from real
  // pictures cut short, with bytes appended or flipped, or random bytes under a picture's name. A refusal
  // writes nothing (tables and the upload library); an accepted photo is removed again, so the caps never
  // turn the rest of the run into refusals.
  it(`add a group-card photo: ${PHOTO_RUNS} generated files, no 5xx, spec error shapes, nothing stored on a refusal`, async () => {
    const pictures = await Promise.all(
      (['jpeg', 'png', 'webp', 'gif'] as const).map((format) =>
        sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366AA' } })
          [format]()
          .toBuffer(),
      ),
    );
    const photoFile = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
      fc
        .record({
          picture: fc.constantFrom(...pictures),
          cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
          tail: fc.oneof(
            fc.constant(''),
            fc.string({ maxLength: 40 }),
            fc.constantFrom('<script>x</script>', 'PK\u0003\u0004'),
          ),
          flip: fc.option(fc.nat()),
        })
        .map(({ picture, cut, tail, flip }) => {
          let b = Buffer.from(picture);
          if (cut !== null) b = b.subarray(0, Math.floor(b.length * cut));
          if (flip !== null && b.length) b[flip % b.length] ^= 0xff;
          return Buffer.concat([b, Buffer.from(tail)]);
        }),
    );
    const uploads = () => app.strapi.db.query('plugin::upload.file').count();
    const path = `/api/sign/${ids.signToken}/signatures/${ids.signature}/photos/`;
    // The signing page's own multipart form takes the same files (a browser's session and CSRF token): it
    // answers a page, a refusal with a 400.
    const pagePath = `/sign/${ids.signToken}/signatures/${ids.signature}/photos/`;
    const browser = await webSession(app, user);
    let answered = 0;
    let before = `${await snapshot()} ${await uploads()}`;
    await fc.assert(
      fc.asyncProperty(
        photoFile,
        fc.constantFrom('me.jpg', 'me.png', 'x', '../../x.gif'),
        fc.boolean(),
        async (file, name, viaPage) => {
          const res = viaPage
            ? await app
                .http()
                .post(pagePath)
                .set('Cookie', browser.cookie)
                .set('X-CSRF-Token', browser.csrf)
                .redirects(0)
                .field('_csrf', browser.csrf)
                .attach('photo', file, name)
            : await app.http().post(path).set(user.auth).attach('photo', file, name);
          answered += 1;
          const sent = `${viaPage ? 'page form' : 'API'}, ${name} (${file.length} bytes): ${file.subarray(0, 40).toString('hex')}`;
          if (res.status >= 500) throw new Error(`${res.status} for ${sent}: ${JSON.stringify(res.body)}`);
          if (res.status >= 400) {
            if (!viaPage && !isSpecError(res.status, res.body))
              throw new Error(`not the spec's error shape (${res.status}): ${JSON.stringify(res.body)}`);
            const after = `${await snapshot()} ${await uploads()}`;
            if (after !== before) throw new Error(`a refused photo (${res.status}) stored something: ${sent}`);
          } else {
            // Whatever the signature now holds goes again, so the caps never turn the rest into refusals.
            const row = (await app.strapi.db
              .query('plugin::greeting-cards.group-signature')
              .findOne({ where: { id: ids.signature } })) as { photos?: Array<{ id: string }> | null } | null;
            for (const p of row?.photos ?? []) await app.http().delete(`${path}${p.id}/`).set(user.auth).expect(200);
            before = `${await snapshot()} ${await uploads()}`;
          }
        },
      ),
      { numRuns: PHOTO_RUNS, endOnFailure: true },
    );
    expect(answered).toBeGreaterThanOrEqual(PHOTO_RUNS);
    // A whole picture through the page form is stored (so its refusals came from the checks, not from a
    // form that refuses everything), and goes again.
    const whole = await app
      .http()
      .post(pagePath)
      .set('Cookie', browser.cookie)
      .set('X-CSRF-Token', browser.csrf)
      .redirects(0)
      .attach('photo', pictures[1], 'me.png');
    expect(whole.status).toBe(303);
    const signed = (await app.strapi.db
      .query('plugin::greeting-cards.group-signature')
      .findOne({ where: { id: ids.signature } })) as { photos?: Array<{ id: string }> | null };
    expect(signed.photos).toHaveLength(1);
    await app.http().delete(`${path}${signed.photos![0].id}/`).set(user.auth).expect(200);
  }, 900_000);

  // A card's video or voice message (issue 45 item 3): generated files through the real editor route. A
  // refusal writes nothing; a stored message may, and the snapshot is retaken after it.
  it(`save a card's message: ${MEDIA_RUNS} generated files, no 5xx, spec error shapes, no writes from a refusal`, async () => {
    let answered = 0;
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(mediaRequest, async ({ file, name, captions }) => {
        let req = app.http().post(`/editor/${ids.mediaCard}/message/`).set(user.auth);
        let stored = false;
        if (captions !== null) req = req.field('captions', captions);
        const res = await (file ? req.attach('media', file, name) : req.field('other', 'x'));
        answered += 1;
        const sent = `${name} (${file?.length ?? 'no'} bytes: ${file?.subarray(0, 40).toString('hex')}), captions ${JSON.stringify(String(captions).slice(0, 80))}`;
        if (res.status >= 500) throw new Error(`${res.status} for ${sent}: ${JSON.stringify(res.body)}`);
        if (res.status >= 400) {
          if (!isSpecError(res.status, res.body))
            throw new Error(`not the spec's error shape (${res.status}): ${JSON.stringify(res.body)}`);
          const after = await snapshot();
          if (after !== before)
            throw new Error(
              `a refused message (${res.status}) changed the database:\n${before}\n${after}\nfile: ${sent}`,
            );
        } else {
          stored = res.status === 201;
          before = await snapshot();
        }
        return stored || res.status >= 400;
      }),
      { numRuns: MEDIA_RUNS, endOnFailure: true },
    );
    expect(answered).toBeGreaterThanOrEqual(MEDIA_RUNS);
    // Whole files pass the same route (so the refusals above came from the checks, not from a route that
    // refuses everything). Sent here, not left to chance: a short run may generate no whole file.
    for (const make of MEDIA_MAKERS) {
      const whole = await app
        .http()
        .post(`/editor/${ids.mediaCard}/message/`)
        .set(user.auth)
        .attach('media', make(), 'message');
      expect(whole.status).toBe(201);
    }
  }, 900_000);

  // The storefront's forms, as a signed-in browser posts them (cookie session, CSRF token, with or
  // without htmx). They answer pages, so the rule is the same minus the JSON shape: never a 5xx, and a
  // refusal (4xx) leaves every table as it was. Routes whose body does not matter (deletes, /editor/,
  // /logout/) and the sign-in forms (their limits are another change) are left out.
  const FORM_ROUTES: Array<[string, () => string]> = [
    ['add a recipient', () => '/recipients/add/'],
    ['add a reminder', () => '/reminders/add/'],
    ['pin a card', () => `/library/${ids.card}/favorite/`],
    ['apply a promo code', () => '/cart/promo/'],
    ['check out the cart', () => '/cart/checkout/'],
    ['pay an order', () => `/checkout/${ids.cart}/pay/`],
    ['subscribe from the shop', () => '/subscriptions/subscribe/'],
    ['open the billing portal', () => '/subscriptions/portal/'],
    ['send an address through a link', () => `/address/${ids.addressToken}/`],
    ['reply to a card from its view page', () => `/cards/view/${ids.viewToken}/reply/`],
    // The import's preview form sends the file's text back as `content` (security issue 39).
    ['import contacts from sent-back text', () => '/recipients/import/'],
    // The signing page's photo forms (issue 45 item 7), as their API twins above: a form that is not a
    // multipart file adds nothing; the remove form takes a real photo of the shopper's own message.
    ['add a photo on the signing page', () => `/sign/${ids.signToken}/signatures/${ids.signature}/photos/`],
    [
      'remove a photo on the signing page',
      () => `/sign/${ids.signToken}/signatures/${ids.signature}/photos/${ids.photo}/delete/`,
    ],
  ];
  let session: WebSession;

  it.each(FORM_ROUTES)(
    `form %s: ${FORM_RUNS} generated forms, no 5xx, no writes from a refusal`,
    async (_name, path) => {
      if (!session) {
        session = await webSession(app, user);
        // Showing the address book syncs the shopper's own entry (SERVICE_AUTO_SYNC_USER_RECIPIENT), a
        // write of its own on the first page that lists recipients: done here, before any snapshot.
        await app.http().get('/recipients/').set('Cookie', session.cookie).expect(200);
        // A photo on the shopper's own group-card message, for the signing page's remove form.
        const photo = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#AA6633' } })
          .png()
          .toBuffer();
        const added = await app
          .http()
          .post(`/api/sign/${ids.signToken}/signatures/${ids.signature}/photos/`)
          .set(user.auth)
          .attach('photo', photo, 'me.png')
          .expect(201);
        ids.photo = (added.body.photos as Array<{ id: string }>).at(-1)!.id;
      }
      let answered = 0;
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(formBody, async ({ fields, htmx }) => {
          const text = encodeForm(fields, session.csrf);
          const req = app
            .http()
            .post(path())
            .set('Cookie', session.cookie)
            .set('Content-Type', 'application/x-www-form-urlencoded')
            .redirects(0);
          if (htmx) req.set('HX-Request', 'true');
          const res = await req.send(text);
          answered += 1;
          if (res.status >= 500) throw new Error(`${res.status} for ${text.slice(0, 300)}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400) {
            const after = await snapshot();
            if (after !== before)
              throw new Error(
                `a refused form (${res.status}) changed the database:\n${before}\n${after}\nbody: ${text.slice(0, 300)}`,
              );
          } else {
            before = await snapshot();
          }
        }),
        { numRuns: FORM_RUNS, endOnFailure: true },
      );
      expect(answered).toBeGreaterThanOrEqual(FORM_RUNS);
    },
    900_000,
  );

  it("the signing page's remove form took its photo away (its generated forms reached the route)", async () => {
    expect(ids.photo).toMatch(/^[0-9a-f]{16}$/);
    const row = (await app.strapi.db
      .query('plugin::greeting-cards.group-signature')
      .findOne({ where: { id: ids.signature } })) as { photos?: Array<{ id: string }> | null };
    expect((row.photos ?? []).map((p) => p.id)).not.toContain(ids.photo);
  });

  // Security issue 39: the signing page's cookies. A browser may see a group-card message as its own
  // (pending, hidden, or unshown when the organiser shows none) only while it holds that signature's
  // real edit token. Generated Cookie headers name the ids around real signatures (gc_sig_<id>) with
  // nonsense, with other signatures' tokens, with well-formed wrong tokens, now and then with the
  // right one, plus look-alike names and an X-Edit-Token header; the page must show exactly the
  // messages whose real token it was given, and edits or deletes with anything else change nothing.
  // A page per run: an eighth of FUZZ_RUNS each (at least 20).
  describe("the signing page's cookies", () => {
    const COOKIE_RUNS = Math.max(20, Math.ceil(RUNS / 8));
    let signToken = '';
    const signatures: Array<{ id: number; token: string; message: string }> = [];
    let visit = { cookie: '', csrf: '' };

    beforeAll(async () => {
      const card = await createCard(app.strapi, user);
      // Approval mode and no messages shown: on this card a signer sees no message but their own.
      const group = await app
        .http()
        .post('/api/group-cards/')
        .set(user.auth)
        .send({
          card_id: card.id,
          title: 'Fuzzed',
          recipient_name: 'Sam',
          deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          approval_mode: true,
          show_signatures: false,
        });
      expect(group.status).toBe(201);
      signToken = group.body.sign_token;
      for (const n of [1, 2, 3, 4]) {
        const signed = await app
          .http()
          .post(`/api/sign/${signToken}/signatures/`)
          .send({ display_name: 'Jo', message: `cookie-fuzz secret ${n}` });
        expect(signed.status).toBe(201);
        signatures.push({ id: signed.body.id, token: signed.body.edit_token, message: `cookie-fuzz secret ${n}` });
      }
      // One approved, one hidden, two pending.
      expect(
        (
          await app
            .http()
            .post(`/api/group-cards/${group.body.uuid}/signatures/${signatures[0].id}/show/`)
            .set(user.auth)
        ).status,
      ).toBe(200);
      expect(
        (
          await app
            .http()
            .post(`/api/group-cards/${group.body.uuid}/signatures/${signatures[1].id}/hide/`)
            .set(user.auth)
        ).status,
      ).toBe(200);
      // An anonymous signer's visit: the CSRF cookie and token the page's forms post with.
      const page = await app.http().get(`/sign/${signToken}/`).expect(200);
      const cookies = ((page.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map(
        (c) => c.split(';')[0],
      );
      visit = {
        cookie: cookies.join('; '),
        csrf: /<input type="hidden" name="_csrf" value="([^"]*)">/.exec(page.text)![1],
      };
    });

    // Characters a browser may send in a cookie header, separators included; none spell "gc_sig_",
    // so a generated value never forms a real cookie name by itself.
    const cookieText = fc.string({
      unit: fc.constantFrom('x', 'Z', '0', '9', '-', '=', ';', ',', ' ', '"', '\\', '%', '\u00e9', '\t'),
      maxLength: 40,
    });
    const wellFormed = fc.stringMatching(/^[A-Za-z0-9_-]{32}$/);
    /** Generated cookies: [name, value] pairs, each gc_sig_<id> name once. */
    function cookieJar() {
      const tokens = signatures.map((s) => s.token);
      const ids = signatures.map((s) => s.id);
      const near = fc.integer({ min: Math.max(1, Math.min(...ids) - 3), max: Math.max(...ids) + 3 });
      const tokenFor = (id: number) => signatures.find((s) => s.id === id)?.token ?? 'no-such-signature';
      const value = (id: number) =>
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(tokenFor(id)) },
          { weight: 3, arbitrary: fc.constantFrom(...tokens) },
          { weight: 2, arbitrary: wellFormed },
          { weight: 3, arbitrary: cookieText },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'x',
              '0',
              'null',
              'undefined',
              '%00',
              tokenFor(id).toLowerCase(),
              `${tokenFor(id)} `,
              tokenFor(id).slice(1),
              `"${tokenFor(id)}"`,
              `"${tokenFor(id)}`,
            ),
          },
        );
      const named = fc.uniqueArray(
        near.chain((id) => value(id).map((v): [string, string] => [`gc_sig_${id}`, v])),
        { selector: ([name]) => name, maxLength: 10 },
      );
      // Look-alike names: they hold real tokens, yet name no signature (gc_sig_007 is not gc_sig_7).
      const lookAlike = fc.uniqueArray(
        fc.oneof(
          fc.constantFrom(...signatures).map((s): [string, string] => [`gc_sig_0${s.id}`, s.token]),
          fc.constantFrom(...signatures).map((s): [string, string] => [`GC_SIG_${s.id}`, s.token]),
          fc.constantFrom<[string, string]>(
            ['gc_sig_', 'x'],
            ['gc_sig_abc', 'x'],
            ['gc_sig_-1', 'x'],
            ['gc_sig_99999999999', 'x'],
          ),
        ),
        { selector: ([name]) => name, maxLength: 3 },
      );
      const header = fc.option(
        fc.oneof(
          fc.constantFrom(...tokens),
          wellFormed,
          cookieText.filter((t) => !t.includes('\t')),
        ),
        { nil: null },
      );
      return fc.record({ named, lookAlike, header, order: fc.boolean() });
    }
    type Jar = {
      named: Array<[string, string]>;
      lookAlike: Array<[string, string]>;
      header: string | null;
      order: boolean;
    };
    const cookieHeader = (jar: Jar) =>
      (jar.order ? [...jar.named, ...jar.lookAlike] : [...jar.lookAlike, ...jar.named]).map(([n, v]) => `${n}=${v}`);
    /**
     * A signature's cookie value as the server reads it (koa's cookies): the first `gc_sig_<id>=` pair of
     * the header as HTTP delivers it, up to the next ";", one pair of quotes taken off. HTTP drops the
     * whitespace at either end of a header's value, so a token with a space after it, sent last, arrives
     * as the token itself (a CI run's generated jar did just that).
     */
    function cookieValue(jar: Jar, id: number): string | null {
      const delivered = cookieHeader(jar)
        .join('; ')
        .replace(/^[ \t]+|[ \t]+$/g, '');
      const match = new RegExp(`(?:^|;) *gc_sig_${id}=([^;]*)`).exec(delivered);
      if (!match) return null;
      const value = match[1];
      return value.startsWith('"') ? value.slice(1, -1) : value;
    }
    /** Whether the request carried this signature's real edit token at all (its cookie, or the header). */
    const sentToken = (jar: Jar, s: { id: number; token: string }) =>
      jar.header === s.token || cookieValue(jar, s.id) === s.token;
    const signatureRows = async () =>
      JSON.stringify(
        await app.strapi.db.query('plugin::greeting-cards.group-signature').findMany({
          where: { id: { $in: signatures.map((s) => s.id) } },
          orderBy: [{ id: 'asc' }],
          select: ['id', 'message', 'display_name', 'status', 'updatedAt'],
        }),
      );

    it('a real token sent last with a space after it is the real token (HTTP trims the header), in the middle it is not', async () => {
      const [first, second] = signatures;
      const shown = async (cookie: string) => {
        const res = await app.http().get(`/sign/${signToken}/`).set('Cookie', cookie).expect(200);
        return signatures.filter((s) => res.text.includes(s.message)).map((s) => s.message);
      };
      const last: Jar = {
        named: [[`gc_sig_${first.id}`, `${first.token} `]],
        lookAlike: [['gc_sig_', 'x']],
        header: null,
        order: false,
      };
      expect(cookieValue(last, first.id)).toBe(first.token);
      expect(await shown(cookieHeader(last).join('; '))).toEqual([first.message]);
      const middle: Jar = {
        ...last,
        named: [
          [`gc_sig_${first.id}`, `${first.token} `],
          [`gc_sig_${second.id}`, 'x'],
        ],
      };
      expect(cookieValue(middle, first.id)).toBe(`${first.token} `);
      expect(await shown(cookieHeader(middle).join('; '))).toEqual([]);
    });

    it(`GET /sign/<token>/: ${COOKIE_RUNS} generated cookie headers, only messages whose real token was sent`, async () => {
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(
          cookieJar(),
          fc.boolean(),
          fc.option(fc.constantFrom(...signatures.map((s) => s.id)), { nil: null }),
          async (jar, htmx, edit) => {
            const req = app
              .http()
              .get(`/sign/${signToken}/${edit ? `?edit=${edit}` : ''}`)
              .set('Cookie', cookieHeader(jar).join('; '));
            if (jar.header) req.set('X-Edit-Token', jar.header);
            if (htmx) req.set('HX-Request', 'true');
            const res = await req;
            answered += 1;
            if (res.status !== 200)
              throw new Error(`${res.status} for cookies ${cookieHeader(jar).join('; ').slice(0, 300)}`);
            const shown = signatures.filter((s) => res.text.includes(s.message));
            // Never a message whose real token the request did not carry...
            const unearned = shown.filter((s) => !sentToken(jar, s)).map((s) => s.message);
            expect({ cookies: cookieHeader(jar), header: jar.header, unearned }).toEqual({
              cookies: cookieHeader(jar),
              header: jar.header,
              unearned: [],
            });
            // ...and, with no header in the way, every one whose own cookie holds it.
            const expected = jar.header ? shown : signatures.filter((s) => cookieValue(jar, s.id) === s.token);
            expect({ cookies: cookieHeader(jar), shown: shown.map((s) => s.message) }).toEqual({
              cookies: cookieHeader(jar),
              shown: expected.map((s) => s.message),
            });
            expect(res.text.includes('id="mine-heading"')).toBe(shown.length > 0);
          },
        ),
        { numRuns: COOKIE_RUNS, endOnFailure: true },
      );
      expect(answered).toBeGreaterThanOrEqual(COOKIE_RUNS);
    }, 900_000);

    it(`edits and deletes: ${COOKIE_RUNS} generated cookie headers without the real token, refused, nothing changed`, async () => {
      let answered = 0;
      const before = { tables: await snapshot(), rows: await signatureRows() };
      await fc.assert(
        fc.asyncProperty(
          cookieJar(),
          fc.constantFrom(...signatures),
          fc.constantFrom('edit', 'delete'),
          fc.boolean(),
          async (jar, target, action, htmx) => {
            // Only forgeries here: a cookie or header that holds the target's real token is a real owner.
            fc.pre(!sentToken(jar, target));
            const req = app
              .http()
              .post(`/sign/${signToken}/signatures/${target.id}/${action}/`)
              .type('form')
              .redirects(0)
              .set('Cookie', [visit.cookie, ...cookieHeader(jar)].filter(Boolean).join('; '));
            if (jar.header) req.set('X-Edit-Token', jar.header);
            if (htmx) req.set('HX-Request', 'true');
            const res = await req.send({ _csrf: visit.csrf, message: 'Hijacked', display_name: 'Mallory' });
            answered += 1;
            if (res.status < 400 || res.status >= 500)
              throw new Error(
                `${action} of ${target.id} answered ${res.status} for cookies ${cookieHeader(jar).join('; ').slice(0, 300)}`,
              );
            const after = { tables: await snapshot(), rows: await signatureRows() };
            if (JSON.stringify(after) !== JSON.stringify(before))
              throw new Error(
                `a forged ${action} changed the database:\n${JSON.stringify(before)}\n${JSON.stringify(after)}`,
              );
          },
        ),
        { numRuns: COOKIE_RUNS, endOnFailure: true },
      );
      expect(answered).toBeGreaterThanOrEqual(COOKIE_RUNS);
    }, 900_000);
  });
});
