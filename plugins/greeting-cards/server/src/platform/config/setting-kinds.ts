// How a setting is declared and how each kind of value is read from its environment variable.
// A kind only turns the variable's text into a value of the right shape; the setting's own zod
// schema then decides whether the value is acceptable, so a value given in the host's
// config/plugins.ts is checked by the same rules as one read from the environment.
import type { z } from 'zod';

export type FieldMap = Record<string, string>;

/** NODE_ENV values whose default may differ from the ordinary one. */
export type DefaultEnvironment = 'development' | 'production' | 'test';

export interface Setting<S extends z.ZodType = z.ZodType> {
  /** The environment variable, named as in the spec (SERVICE_*). */
  env: string;
  /**
   * Earlier names of the variable, still read when `env` is unset (a rename must not silently drop an
   * operator's value). The README names them beside `env`.
   */
  formerEnv?: string[];
  default: z.output<S>;
  /** Defaults that differ when NODE_ENV has this value (say so in `describe` only if it helps). */
  defaultWhen?: Partial<Record<DefaultEnvironment, z.output<S>>>;
  schema: S;
  /** Turns the variable's text into a value for `schema`; throws with a message for the operator. */
  parse: (raw: string) => unknown;
  /** One sentence for the README's settings table. */
  describe: string;
}

type Declaration<S extends z.ZodType> = Omit<Setting<S>, 'parse'>;

/** Builds the declaration helper of one kind: the record gives everything but the parser. */
function kind<T>(parse: (raw: string) => T) {
  return <S extends z.ZodType<T>>(declaration: Declaration<S>): Setting<S> => ({ ...declaration, parse });
}

export function parseBool(raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`expected true or false, got "${raw}"`);
}

export function parseString(raw: string): string {
  return raw.trim();
}

export function parseInteger(raw: string): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new Error(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
}

export function parseJsonObject(raw: string): FieldMap {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`expected a JSON object such as {"email":"email"}, got "${raw}"`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as FieldMap;
}

/** "7,3,1" or "[7, 3, 1]". */
export function parseIntegerList(raw: string): number[] {
  const text = raw.trim();
  let items: string[];
  if (text.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`expected whole numbers such as 7,3,1 or [7, 3, 1], got "${raw}"`);
    }
    if (!Array.isArray(value)) throw new Error(`expected a list of whole numbers, got "${raw}"`);
    items = value.map(String);
  } else {
    items = text.split(',');
  }
  return items.filter((s) => s.trim() !== '').map(parseInteger);
}

/** "https://a.example, https://b.example": origins, trailing slashes dropped. */
export function parseOriginList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

export const flag = kind(parseBool);
export const originList = kind(parseOriginList);
export const text = kind(parseString);
export const integer = kind(parseInteger);
export const fieldMap = kind(parseJsonObject);
/** A JSON object of any shape: the setting's schema says which. */
export const jsonObject = kind<unknown>(parseJsonObject);
export const integerList = kind(parseIntegerList);
