// Unit tests of the setting records: every record is complete and self-consistent, and each kind
// of value is read from its environment variable as documented.
import { z } from 'zod';
import {
  ConfigError,
  SETTINGS,
  SETTING_RECORDS,
  configSchema,
  defaultOf,
  defaults,
  fromEnvironment,
} from '../../plugins/greeting-cards/server/src/platform/config/settings';
import {
  flag,
  integer,
  integerList,
  fieldMap,
  text,
} from '../../plugins/greeting-cards/server/src/platform/config/setting-kinds';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';

describe('setting records', () => {
  it.each(SETTINGS.map((s) => [s.env, s] as const))(
    '%s has a SERVICE_ name, a description and defaults its schema accepts',
    (_env, s) => {
      expect(s.env).toMatch(/^SERVICE_[A-Z0-9_]+$/);
      expect(s.describe.trim()).toMatch(/\.$/);
      expect(s.schema.safeParse(s.default).success).toBe(true);
      for (const value of Object.values(s.defaultWhen ?? {})) expect(s.schema.safeParse(value).success).toBe(true);
    },
  );

  it('gives every setting a distinct environment name and key, in declaration order', () => {
    const names = SETTINGS.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
    expect(SETTINGS.map((s) => s.key)).toEqual(Object.keys(SETTING_RECORDS));
    expect(Object.keys(configSchema.shape)).toEqual(Object.keys(SETTING_RECORDS));
  });

  it('validates the defaults in development and test; elsewhere only the public URL must be added', () => {
    for (const nodeEnv of [undefined, 'development', 'test'])
      expect(() => validateConfig(defaults(nodeEnv))).not.toThrow();
    // Outside development an unset public URL would put localhost links in e-mails: boot names it.
    expect(() => validateConfig(defaults('production'))).toThrow(/SERVICE_PUBLIC_URL/);
    expect(() => validateConfig({ ...defaults('production'), publicUrl: 'https://cards.example.com' })).not.toThrow();
  });

  it('uses the NODE_ENV specific default only in that environment', () => {
    expect(defaults('production').seedSampleData).toBe(false);
    expect(defaults('development').seedSampleData).toBe(true);
    expect(defaults('test').renderThumbnailsOnBoot).toBe(false);
    expect(defaults('production').renderThumbnailsOnBoot).toBe(true);
  });

  it('hands out a fresh copy of map and list defaults', () => {
    const first = defaults();
    first.userFieldMap.email = 'changed';
    first.reminderDaysBefore.push(30);
    expect(defaults().userFieldMap.email).toBe('email');
    expect(defaults().reminderDaysBefore).toEqual([7, 3, 1]);
    expect(defaultOf(SETTING_RECORDS.reminderDaysBefore)).toEqual([7, 3, 1]);
  });
});

describe('reading each kind from the environment', () => {
  it.each([
    ['1', true],
    ['true', true],
    [' YES ', true],
    ['on', true],
    ['0', false],
    ['false', false],
    ['No', false],
    ['off', false],
  ])('reads the flag %j as %s', (raw, expected) => {
    expect(fromEnvironment({ SERVICE_PRINT_CROP_MARKS: raw }).printCropMarks).toBe(expected);
  });

  it('reads text trimmed, whole numbers, JSON maps and lists in both spellings', () => {
    const c = fromEnvironment({
      SERVICE_CURRENCY: ' EUR ',
      SERVICE_CANVAS_MAX_OBJECTS: '42',
      SERVICE_PROFILE_FIELD_MAP: '{"phone":"mobile"}',
      SERVICE_REMINDER_DAYS_BEFORE: '10, 5,',
      SERVICE_DELIVERY_MAX_ATTEMPTS: '-3',
    });
    expect(c.currency).toBe('EUR');
    expect(c.canvasMaxObjects).toBe(42);
    expect(c.profileFieldMap).toEqual({ phone: 'mobile' });
    expect(c.reminderDaysBefore).toEqual([10, 5]);
    // Parsing only reads the shape; the record's schema rejects the value, naming the setting.
    expect(c.deliveryMaxAttempts).toBe(-3);
    expect(() => validateConfig(c)).toThrow(/SERVICE_DELIVERY_MAX_ATTEMPTS \(deliveryMaxAttempts\)/);
    expect(fromEnvironment({ SERVICE_REMINDER_DAYS_BEFORE: '[14, 2]' }).reminderDaysBefore).toEqual([14, 2]);
  });

  it('leaves the default in place for an empty or missing variable', () => {
    expect(fromEnvironment({ SERVICE_ECARD_PRICE: '' }).ecardPrice).toBe(299);
    expect(fromEnvironment({}).currency).toBe('GBP');
  });

  it.each([
    ['SERVICE_SCHEDULER_ENABLED', 'sometimes', /expected true or false/],
    ['SERVICE_CANVAS_MAX_OBJECTS', '4.5', /expected a whole number/],
    ['SERVICE_BILLING_FIELD_MAP', '["email"]', /expected a JSON object/],
    ['SERVICE_REMINDER_DAYS_BEFORE', '7,three', /expected a whole number/],
    ['SERVICE_REMINDER_DAYS_BEFORE', '[7,', /expected whole numbers/],
    ['SERVICE_REMINDER_DAYS_BEFORE', '[7.5]', /expected a whole number/],
  ])('rejects %s=%s with a ConfigError naming it', (name, raw, message) => {
    let error: unknown;
    try {
      fromEnvironment({ [name]: raw });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^\\[greeting-cards\\] invalid configuration: ${name}: `));
    expect((error as Error).message).toMatch(message);
  });
});

describe('declaring a setting', () => {
  it('builds a record of each kind that parses with its own parser', () => {
    const declared = {
      a: flag({ env: 'SERVICE_A', default: false, schema: z.boolean(), describe: 'A.' }),
      b: text({ env: 'SERVICE_B', default: 'x', schema: z.string(), describe: 'B.' }),
      c: integer({ env: 'SERVICE_C', default: 1, schema: z.number().int(), describe: 'C.' }),
      d: fieldMap({ env: 'SERVICE_D', default: {}, schema: z.record(z.string(), z.string()), describe: 'D.' }),
      e: integerList({ env: 'SERVICE_E', default: [], schema: z.array(z.number()), describe: 'E.' }),
    };
    expect([
      declared.a.parse('yes'),
      declared.b.parse(' y '),
      declared.c.parse('12'),
      declared.d.parse('{"k":"v"}'),
      declared.e.parse('1,2'),
    ]).toEqual([true, 'y', 12, { k: 'v' }, [1, 2]]);
  });
});
