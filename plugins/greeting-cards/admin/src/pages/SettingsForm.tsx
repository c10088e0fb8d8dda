import * as React from 'react';
import { Box, Button, Field, Flex, Grid, TextInput, Toggle, Typography } from '@strapi/design-system';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { parseMajorAmount, toMajorText } from '../../../server/src/platform/i18n/money-format';
import { AdminApiError, useAdminApi } from '../api/client';
import type { SettingEntry, SettingsAnswer } from '../api/types';
import { useFormat } from '../format';
import { getTranslation } from '../utils/getTranslation';
import { settingDescription } from '../utils/setting-texts';
import { codeText } from '../components/code-text';

// The settings editors may change (prices, currency, brand, reminders, delivery options). Money is whole
// minor units on the server and a decimal here, converted with the currency's own minor units (none for
// JPY), so "3.49" is 349 pence and never a float. Only changed values are sent; the server checks each
// with the setting's own rule and answers {"field": ["message"]}, shown under the field. A value the
// environment sets is shown but locked: the environment wins over this page.

const LABELS: Record<string, MessageDescriptor> = {
  ecardPrice: { id: getTranslation('setting.ecardPrice'), defaultMessage: 'E-card price' },
  postedCardPrice: { id: getTranslation('setting.postedCardPrice'), defaultMessage: 'Posted card price' },
  printPrice: { id: getTranslation('setting.printPrice'), defaultMessage: 'Print-at-home price' },
  giftWrapPrice: { id: getTranslation('setting.giftWrapPrice'), defaultMessage: 'Gift wrap price' },
  currency: { id: getTranslation('setting.currency'), defaultMessage: 'Currency' },
  shopName: { id: getTranslation('setting.shopName'), defaultMessage: 'Shop name' },
  shopTagline: { id: getTranslation('setting.shopTagline'), defaultMessage: 'Tagline' },
  footerText: { id: getTranslation('setting.footerText'), defaultMessage: 'Footer text' },
  logoUrl: { id: getTranslation('setting.logoUrl'), defaultMessage: 'Logo address' },
  accentColour: { id: getTranslation('setting.accentColour'), defaultMessage: 'Accent colour' },
  reminderDaysBefore: {
    id: getTranslation('setting.reminderDaysBefore'),
    defaultMessage: 'Remind this many days before an event',
  },
  scheduledSendHour: { id: getTranslation('setting.scheduledSendHour'), defaultMessage: 'Send hour (0-23)' },
  groupCardReminders: { id: getTranslation('setting.groupCardReminders'), defaultMessage: 'Remind group-card signers' },
  resendUnopenedAfterDays: {
    id: getTranslation('setting.resendUnopenedAfterDays'),
    defaultMessage: 'Unopened e-cards may be resent after (days)',
  },
  printCropMarks: { id: getTranslation('setting.printCropMarks'), defaultMessage: 'Crop marks on print PDFs' },
  printBackText: { id: getTranslation('setting.printBackText'), defaultMessage: 'Text on the back of printed cards' },
  buyerMailShipped: {
    id: getTranslation('setting.buyerMailShipped'),
    defaultMessage: 'E-mail the buyer when a posted card ships',
  },
  buyerMailDelivered: {
    id: getTranslation('setting.buyerMailDelivered'),
    defaultMessage: 'E-mail the buyer when a posted card is delivered',
  },
  buyerMailFailed: {
    id: getTranslation('setting.buyerMailFailed'),
    defaultMessage: 'E-mail the buyer when a card fails',
  },
  buyerMailCancelled: {
    id: getTranslation('setting.buyerMailCancelled'),
    defaultMessage: 'E-mail the buyer when a card is cancelled or refunded',
  },
  buyerMailEcardSent: {
    id: getTranslation('setting.buyerMailEcardSent'),
    defaultMessage: 'E-mail the buyer when a scheduled e-card goes',
  },
};

// The server's section names (form_group), in the admin user's language; an unknown one shows as sent.
const GROUPS: Record<string, MessageDescriptor> = {
  Prices: { id: getTranslation('settings.group.prices'), defaultMessage: 'Prices' },
  Brand: { id: getTranslation('settings.group.brand'), defaultMessage: 'Brand' },
  Reminders: { id: getTranslation('settings.group.reminders'), defaultMessage: 'Reminders' },
  Delivery: { id: getTranslation('settings.group.delivery'), defaultMessage: 'Delivery' },
  'Buyer e-mails': { id: getTranslation('settings.group.buyer-emails'), defaultMessage: 'Buyer e-mails' },
  Other: { id: getTranslation('settings.group.other'), defaultMessage: 'Other' },
};

// Sections in the order an editor thinks of them; an unknown one goes last.
const SECTION_ORDER = ['Prices', 'Brand', 'Reminders', 'Delivery', 'Buyer e-mails'];
const rank = (group: string) => (SECTION_ORDER.includes(group) ? SECTION_ORDER.indexOf(group) : SECTION_ORDER.length);

type Draft = Record<string, string | boolean>;
type Format = ReturnType<typeof useIntl>['formatMessage'];
type Errors = Record<string, string[]>;

function draftOf(entry: SettingEntry, currency: string): string | boolean {
  const { value } = entry;
  if (entry.kind === 'boolean') return Boolean(value);
  if (entry.kind === 'money') return toMajorText(Number(value), currency);
  if (entry.kind === 'list') return Array.isArray(value) ? value.join(', ') : '';
  return value === null || value === undefined ? '' : String(value);
}

/** The typed text as the value the server takes, or an error for the field. */
function valueOf(
  entry: SettingEntry,
  draft: string | boolean,
  currency: string,
  formatMessage: Format,
): { value?: unknown; error?: string } {
  if (entry.kind === 'boolean') return { value: Boolean(draft) };
  const text = String(draft).trim();
  if (entry.kind === 'money') {
    const minor = parseMajorAmount(text, currency);
    if (minor !== null) return { value: minor };
    const example = toMajorText(349, currency);
    return {
      error: example.includes('.')
        ? formatMessage(
            {
              id: getTranslation('setting.error.amount'),
              defaultMessage: 'Enter an amount in {currency} such as {example}.',
            },
            { currency, example },
          )
        : formatMessage(
            {
              id: getTranslation('setting.error.amount-whole'),
              defaultMessage: 'Enter an amount in {currency} such as {example} (no decimals).',
            },
            { currency, example },
          ),
    };
  }
  if (entry.kind === 'integer')
    return /^\d+$/.test(text)
      ? { value: Number(text) }
      : {
          error: formatMessage({
            id: getTranslation('setting.error.integer'),
            defaultMessage: 'Enter a whole number.',
          }),
        };
  if (entry.kind === 'list') {
    const items = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return items.every((s) => /^\d+$/.test(s))
      ? { value: items.map(Number) }
      : {
          error: formatMessage({
            id: getTranslation('setting.error.list'),
            defaultMessage: 'Enter whole numbers separated by commas, such as 7, 3, 1.',
          }),
        };
  }
  return { value: entry.key === 'currency' ? text.toUpperCase() : text };
}

function pinnedHint(by: string, formatMessage: Format): string {
  return by === 'config/plugins'
    ? formatMessage({
        id: getTranslation('setting.pinned-config'),
        defaultMessage: 'Set in config/plugins.ts, which wins over this page',
      })
    : formatMessage(
        {
          id: getTranslation('setting.pinned-env'),
          defaultMessage: 'Set by {name} in the environment, which wins over this page',
        },
        { name: by },
      );
}

function SettingField({
  entry,
  draft,
  error,
  disabled,
  currency,
  onChange,
}: {
  entry: SettingEntry;
  draft: string | boolean;
  error?: string[];
  disabled: boolean;
  currency: string;
  onChange: (value: string | boolean) => void;
}) {
  const { formatMessage } = useIntl();
  const label = LABELS[entry.key] ? formatMessage(LABELS[entry.key]) : entry.key;
  const hint = entry.pinned_by
    ? pinnedHint(entry.pinned_by, formatMessage)
    : entry.kind === 'money'
      ? formatMessage(
          { id: getTranslation('setting.money-hint'), defaultMessage: 'In {currency}, e.g. {example}' },
          { currency, example: toMajorText(299, currency) },
        )
      : entry.description && codeText(settingDescription(formatMessage, entry.key, entry.description));
  return (
    <Field.Root name={entry.key} id={`gc-setting-${entry.key}`} error={error?.join(' ')} hint={hint}>
      {/* Wrapping: a long label (German "Käufer per E-Mail informieren, wenn …") was cut off on one line. */}
      <Field.Label style={{ whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'anywhere' }}>
        {entry.kind === 'money' ? `${label} (${currency})` : label}
      </Field.Label>
      {entry.kind === 'boolean' ? (
        <Toggle
          name={entry.key}
          onLabel={formatMessage({ id: getTranslation('value.on'), defaultMessage: 'On' })}
          offLabel={formatMessage({ id: getTranslation('value.off'), defaultMessage: 'Off' })}
          checked={Boolean(draft)}
          disabled={disabled}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        />
      ) : (
        <TextInput
          name={entry.key}
          value={String(draft)}
          disabled={disabled}
          inputMode={entry.kind === 'money' ? 'decimal' : entry.kind === 'integer' ? 'numeric' : undefined}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
      )}
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

export function SettingsForm({
  answer,
  canUpdate,
  onSaved,
}: {
  answer: SettingsAnswer;
  canUpdate: boolean;
  onSaved: (answer: SettingsAnswer) => void;
}) {
  const api = useAdminApi();
  const { formatMessage } = useIntl();
  const format = useFormat();
  const entries = React.useMemo(() => answer.groups.flatMap((g) => g.settings).filter((s) => s.editable), [answer]);
  const currency = answer.currency ?? 'GBP';
  const initial = React.useMemo(
    () => Object.fromEntries(entries.map((e) => [e.key, draftOf(e, currency)])) as Draft,
    [entries, currency],
  );
  const [draft, setDraft] = React.useState<Draft>(initial);
  const [errors, setErrors] = React.useState<Errors>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  const changed = entries.filter((e) => !e.pinned_by && draft[e.key] !== initial[e.key]);
  // Prices are typed in the currency on the form: a new currency re-reads every price in it.
  const typedCurrency = String(draft.currency ?? currency)
    .trim()
    .toUpperCase();
  const newCurrency = /^[A-Z]{3}$/.test(typedCurrency) ? typedCurrency : currency;
  const currencyChanged = newCurrency !== currency;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const local: Errors = {};
    for (const entry of entries) {
      if (entry.pinned_by) continue;
      const isChanged = draft[entry.key] !== initial[entry.key] || (currencyChanged && entry.kind === 'money');
      if (!isChanged) continue;
      const { value, error } = valueOf(
        entry,
        draft[entry.key],
        entry.kind === 'money' ? newCurrency : currency,
        formatMessage,
      );
      if (error) local[entry.key] = [error];
      else body[entry.key] = value;
    }
    setFailure(null);
    setErrors(local);
    if (Object.keys(local).length || !Object.keys(body).length) return;
    setSaving(true);
    try {
      onSaved(await api.putJson<SettingsAnswer>('/settings', body));
    } catch (error) {
      if (error instanceof AdminApiError && Object.keys(error.fields).length) {
        const { non_field_errors: general, ...fields } = error.fields;
        setErrors(fields);
        setFailure(
          general
            ? general.join(' ')
            : formatMessage({
                id: getTranslation('settings.save-fields'),
                defaultMessage: 'Nothing was saved: correct the fields marked below.',
              }),
        );
      } else {
        setFailure(
          error instanceof Error
            ? error.message
            : formatMessage({
                id: getTranslation('settings.save-failed'),
                defaultMessage: 'The settings could not be saved.',
              }),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  const groups = [...new Set(entries.map((e) => e.form_group ?? 'Other'))].sort((a, b) => rank(a) - rank(b));
  return (
    <Box
      background="neutral0"
      hasRadius
      shadow="tableShadow"
      padding={6}
      tag="section"
      aria-label={formatMessage({ id: getTranslation('settings.link'), defaultMessage: 'Shop settings' })}
    >
      <form onSubmit={save} noValidate>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Flex justifyContent="space-between" alignItems="flex-start" gap={4} wrap="wrap">
            <Flex direction="column" alignItems="flex-start" gap={1} style={{ flex: '1 1 280px' }}>
              <Typography variant="beta" tag="h2">
                {formatMessage({ id: getTranslation('settings.link'), defaultMessage: 'Shop settings' })}
              </Typography>
              <Typography variant="pi" textColor="neutral600">
                {answer.stored
                  ? `${
                      answer.stored.updated_by
                        ? formatMessage(
                            {
                              id: getTranslation('settings.changed-by'),
                              defaultMessage: 'Last changed {when} by {who}.',
                            },
                            { when: format.dateTime(answer.stored.updated_at), who: answer.stored.updated_by },
                          )
                        : formatMessage(
                            { id: getTranslation('settings.changed'), defaultMessage: 'Last changed {when}.' },
                            { when: format.dateTime(answer.stored.updated_at) },
                          )
                    } `
                  : ''}
                {formatMessage({
                  id: getTranslation('settings.applies'),
                  defaultMessage: 'Changes apply on every server within two seconds, without a restart.',
                })}
              </Typography>
            </Flex>
            <Button
              type="submit"
              loading={saving}
              disabled={!canUpdate || saving || (!changed.length && !currencyChanged)}
            >
              {formatMessage({ id: getTranslation('settings.save'), defaultMessage: 'Save settings' })}
            </Button>
          </Flex>
          {!canUpdate ? (
            <Typography textColor="neutral600">
              {formatMessage({
                id: getTranslation('settings.read-only'),
                defaultMessage: 'Your role may read these settings but not change them.',
              })}
            </Typography>
          ) : null}
          {failure ? (
            <Box background="danger100" borderColor="danger200" hasRadius padding={3} role="alert">
              <Typography textColor="danger700">{failure}</Typography>
            </Box>
          ) : null}
          {groups.map((group) => (
            <Flex
              key={group}
              direction="column"
              alignItems="stretch"
              gap={3}
              tag="fieldset"
              style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
            >
              <Typography variant="delta" tag="legend" style={{ padding: 0, marginBottom: 12 }}>
                {GROUPS[group] ? formatMessage(GROUPS[group]) : group}
              </Typography>
              <Grid.Root gap={4}>
                {entries
                  .filter((e) => (e.form_group ?? 'Other') === group)
                  .map((entry) => (
                    <Grid.Item key={entry.key} col={6} m={6} xs={12} direction="column" alignItems="stretch">
                      <SettingField
                        entry={entry}
                        draft={draft[entry.key]}
                        error={errors[entry.key]}
                        disabled={!canUpdate || Boolean(entry.pinned_by)}
                        currency={entry.kind === 'money' ? newCurrency : currency}
                        onChange={(value) => setDraft((d) => ({ ...d, [entry.key]: value }))}
                      />
                    </Grid.Item>
                  ))}
              </Grid.Root>
            </Flex>
          ))}
        </Flex>
      </form>
    </Box>
  );
}
