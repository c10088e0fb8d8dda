// Domain results carry messages by code ({ code, values }); tests that state the spec's English words
// read them through the same formatter the edge uses.
import { localizeErrorBody } from '../../plugins/greeting-cards/server/src/platform/i18n/error-messages';

/** `value` with every message in it (at any depth) written in English. */
export const inEnglish = <T>(value: T): T => localizeErrorBody(value, 'en');

/** A function whose result's messages come back in English. */
export const english =
  <A extends unknown[], R>(fn: (...args: A) => R) =>
  (...args: A): R =>
    inEnglish(fn(...args));
