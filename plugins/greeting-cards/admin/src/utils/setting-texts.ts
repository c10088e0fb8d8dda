import type { IntlShape } from 'react-intl';
import { getTranslation } from './getTranslation';

// Texts the server sends for the settings page (descriptions, group names, health details), in the admin
// user's language. The English is declared once on the server (server/src/platform/config/settings.ts,
// settings-groups.ts, platform/host/check-texts.ts) and arrives with the data, so it is the defaultMessage here and
// en.json holds no copy; de.json holds the German under these ids (tests/unit/admin-setting-texts.test.ts
// keeps it in step with the server).

type Format = IntlShape['formatMessage'];

export const healthDetailId = (id: string) => `health-detail.${id}`;
export const settingDescriptionId = (key: string) => `setting-description.${key}`;
/** 'Limits and security' -> 'setting-group.limits-and-security'. */
export const settingGroupId = (name: string) =>
  `setting-group.${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * The server's English as an ICU message that renders exactly as written: descriptions hold braces and
 * angle brackets ("{uuid}", "<SKU>") that react-intl would otherwise read as arguments and tags.
 */
export const verbatim = (text: string) => text.replace(/'/g, "''").replace(/[{}<>]+/g, (run) => `'${run}'`);

export function settingDescription(formatMessage: Format, key: string, english: string): string {
  return formatMessage({ id: getTranslation(settingDescriptionId(key)), defaultMessage: verbatim(english) });
}

export function settingGroup(formatMessage: Format, name: string): string {
  return formatMessage({ id: getTranslation(settingGroupId(name)), defaultMessage: verbatim(name) });
}

/** A health check's detail; its English is an ICU message with the check's values ({renderer}, {error}…). */
export function healthDetail(
  formatMessage: Format,
  check: { detail: string; message?: { id: string; text: string; values?: Record<string, string | number> } },
): string {
  if (!check.message) return check.detail;
  return formatMessage(
    { id: getTranslation(healthDetailId(check.message.id)), defaultMessage: check.message.text },
    check.message.values,
  );
}
