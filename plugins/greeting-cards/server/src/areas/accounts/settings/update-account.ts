import type { Core } from '@strapi/strapi';
import { FieldErrorCollector, fieldError, msg, overLimit } from '../../../platform/errors';
import { getService } from '../../../platform/get-service';
import { SUPPORTED_LOCALES, type Locale } from '../../../platform/i18n/locales';
import type { Row } from '../../../platform/db/query';
import { CONSENT_TOPICS, type ConsentTopic } from './preferences';
import { changePassword } from './password-change';

// One use case for the account page's forms and PATCH /api/me/account/: check everything first, then
// change. An e-mail or password change needs the current password, and such attempts are counted
// (the caller's `attempt`, the sign-in limits keyed by account) before the password is checked.

export interface AccountInput {
  display_name?: unknown;
  locale?: unknown;
  email?: unknown;
  current_password?: unknown;
  new_password?: unknown;
  preferences?: unknown;
}

export interface AccountChange {
  /** A fresh token for this session when the password changed (every older one is signed out). */
  jwt: string | null;
  /** The address a confirmation link went to. */
  emailLinkSentTo: string | null;
  passwordChanged: boolean;
  preferencesChanged: boolean;
  profileChanged: boolean;
}

const FIELDS = new Set(['display_name', 'locale', 'email', 'current_password', 'new_password', 'preferences']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;

interface Checked {
  profile: Record<string, unknown>;
  answers: Partial<Record<ConsentTopic, boolean>>;
  email: string | null;
  newPassword: string | null;
  currentPassword: string;
}

function check(user: Row, body: Record<string, unknown>): Checked {
  const errors = new FieldErrorCollector();
  for (const key of Object.keys(body)) if (!FIELDS.has(key)) errors.add(key, msg('error.account_unknown_field'));
  const out: Checked = { profile: {}, answers: {}, email: null, newPassword: null, currentPassword: '' };

  if ('display_name' in body) {
    const name = body.display_name;
    if (name !== null && typeof name !== 'string') errors.add('display_name', msg('error.not_string'));
    else if (typeof name === 'string' && name.trim().length > NAME_MAX)
      errors.add('display_name', msg('error.max_length', { max: NAME_MAX }));
    else out.profile.display_name = typeof name === 'string' && name.trim() ? name.trim() : null;
  }
  if ('locale' in body) {
    if (!(SUPPORTED_LOCALES as readonly unknown[]).includes(body.locale))
      errors.add('locale', msg('error.choose_one_of', { choices: SUPPORTED_LOCALES.join(', ') }));
    else out.profile.locale = body.locale;
  }
  if ('preferences' in body) {
    const prefs = body.preferences;
    if (!prefs || typeof prefs !== 'object' || Array.isArray(prefs))
      errors.add('preferences', msg('error.account_preferences'));
    else
      for (const [topic, value] of Object.entries(prefs)) {
        if (!(CONSENT_TOPICS as readonly string[]).includes(topic) || typeof value !== 'boolean')
          errors.add('preferences', msg('error.account_preferences'));
        else out.answers[topic as ConsentTopic] = value;
      }
  }
  if ('email' in body) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email) || email.length > 254) errors.add('email', msg('error.account_email_invalid'));
    else if (email === String(user.email ?? '').toLowerCase()) errors.add('email', msg('error.account_email_same'));
    else out.email = email;
  }
  if ('new_password' in body) {
    const next = body.new_password;
    if (typeof next !== 'string' || next.length < 8) errors.add('new_password', msg('error.account_password_short'));
    else if (Buffer.byteLength(next) > 72) errors.add('new_password', msg('error.account_password_long'));
    else if (next === body.current_password) errors.add('new_password', msg('error.account_password_same'));
    else out.newPassword = next;
  }
  if (('email' in body || 'new_password' in body) && !errors.has('email') && !errors.has('new_password')) {
    if (typeof body.current_password !== 'string' || !body.current_password)
      errors.add('current_password', msg('error.required'));
    else out.currentPassword = body.current_password;
  }
  errors.throwIfAny();
  return out;
}

export async function updateAccount(
  strapi: Core.Strapi,
  user: Row,
  body: unknown,
  options: {
    locale: Locale;
    source: 'web' | 'api';
    /** Counts one attempt at a password-checked change; the seconds to wait when refused. */
    attempt: () => Promise<{ ok: true } | { ok: false; retryAfter: number }>;
  },
): Promise<AccountChange> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw fieldError('non_field_errors', msg('error.account_body'));
  const input = check(user, body as Record<string, unknown>);
  const change: AccountChange = {
    jwt: null,
    emailLinkSentTo: null,
    passwordChanged: false,
    preferencesChanged: false,
    profileChanged: false,
  };

  if (input.email || input.newPassword) {
    const attempt = await options.attempt();
    if (!attempt.ok)
      throw overLimit(msg('error.too_many_attempts', { seconds: attempt.retryAfter }), attempt.retryAfter);
    const up = strapi.plugin('users-permissions').service('user');
    const stored = (await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: user.id } })) as Row;
    if (!stored?.password || !(await up.validatePassword(input.currentPassword, stored.password)))
      throw fieldError('current_password', msg('error.account_current_password'));
  }

  const settings = getService(strapi, 'accountSettings');
  if (Object.keys(input.profile).length) {
    await settings.update(user.id, input.profile);
    change.profileChanged = true;
  }
  if (Object.keys(input.answers).length) {
    await settings.decide(user.id, input.answers, options.locale, options.source);
    change.preferencesChanged = true;
  }
  if (input.email) {
    const saved = await settings.of(user.id);
    await getService(strapi, 'emailChange').request(user, input.email, (saved?.locale as Locale) ?? options.locale);
    change.emailLinkSentTo = input.email;
  }
  if (input.newPassword) {
    change.jwt = await changePassword(strapi, user.id, input.newPassword);
    change.passwordChanged = true;
  }
  return change;
}
