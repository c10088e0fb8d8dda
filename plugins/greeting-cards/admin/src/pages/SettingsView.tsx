import * as React from 'react';
import { Box, Flex, Grid, Typography } from '@strapi/design-system';
import { CheckCircle, WarningCircle } from '@strapi/icons';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useResource } from '../api/use-resource';
import type { HealthCheck, SettingEntry, SettingsAnswer } from '../api/types';
import { ErrorNotice, Loading } from '../components/Feedback';
import { label } from '../format';
import { usePluginPermissions } from '../hooks';
import { getTranslation } from '../utils/getTranslation';
import { healthDetail, settingDescription, settingGroup } from '../utils/setting-texts';
import { SettingsForm } from './SettingsForm';
import { codeText } from '../components/code-text';

const HEALTH_NAMES: Record<string, MessageDescriptor> = {
  renderer: { id: getTranslation('health.renderer'), defaultMessage: 'Card renderer (Chromium)' },
  email: { id: getTranslation('health.email'), defaultMessage: 'E-mail' },
  proxy: { id: getTranslation('health.proxy'), defaultMessage: 'HTTPS behind a proxy' },
};

type Format = ReturnType<typeof useIntl>['formatMessage'];

// A secret arrives masked (maskSecret on the server): a fragment of it, or one of these two words.
const SECRET_STATES: Record<string, MessageDescriptor> = {
  'not set': { id: getTranslation('settings.secret-not-set'), defaultMessage: 'not set' },
  set: { id: getTranslation('settings.secret-set'), defaultMessage: 'set' },
};

function shown(value: unknown, formatMessage: Format): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean')
    return value
      ? formatMessage({ id: getTranslation('value.yes'), defaultMessage: 'Yes' })
      : formatMessage({ id: getTranslation('value.no'), defaultMessage: 'No' });
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Health({ name, check }: { name: string; check: HealthCheck }) {
  const { formatMessage } = useIntl();
  const what = HEALTH_NAMES[name] ? formatMessage(HEALTH_NAMES[name]) : label(name);
  return (
    <Box
      background={check.ok ? 'success100' : 'danger100'}
      borderColor={check.ok ? 'success200' : 'danger200'}
      hasRadius
      padding={4}
      height="100%"
    >
      <Flex gap={3} alignItems="flex-start">
        {check.ok ? <CheckCircle aria-hidden fill="success600" /> : <WarningCircle aria-hidden fill="danger600" />}
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <Typography variant="delta" tag="h2">
            {check.ok
              ? formatMessage({ id: getTranslation('health.working'), defaultMessage: '{what}: working' }, { what })
              : formatMessage(
                  { id: getTranslation('health.not-working'), defaultMessage: '{what}: not working' },
                  { what },
                )}
          </Typography>
          <Typography textColor={check.ok ? 'success700' : 'danger700'} style={{ overflowWrap: 'anywhere' }}>
            {healthDetail(formatMessage, check)}
          </Typography>
        </Flex>
      </Flex>
    </Box>
  );
}

function Group({ name, settings }: { name: string; settings: SettingEntry[] }) {
  const { formatMessage } = useIntl();
  const title = settingGroup(formatMessage, name);
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={6} tag="section" aria-label={title}>
      <Typography variant="delta" tag="h2">
        {title}
      </Typography>
      <Grid.Root gap={4} tag="dl" style={{ margin: '16px 0 0' }}>
        {settings.map((setting) => (
          <Grid.Item key={setting.key} col={6} m={6} xs={12} direction="column" alignItems="stretch">
            <Typography variant="sigma" textColor="neutral600" tag="dt">
              {setting.env ?? label(setting.key)}
            </Typography>
            <Typography tag="dd" fontWeight="semiBold" style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {setting.secret && typeof setting.value === 'string' && SECRET_STATES[setting.value]
                ? formatMessage(SECRET_STATES[setting.value])
                : shown(setting.value, formatMessage)}
              {setting.secret
                ? ` ${formatMessage({ id: getTranslation('settings.secret'), defaultMessage: '(secret, masked)' })}`
                : ''}
            </Typography>
            {setting.description ? (
              <Typography variant="pi" textColor="neutral600" tag="dd" style={{ margin: 0 }}>
                {codeText(settingDescription(formatMessage, setting.key, setting.description))}
              </Typography>
            ) : null}
          </Grid.Item>
        ))}
      </Grid.Root>
    </Box>
  );
}

/**
 * The settings editors may change (a form; saving needs settings.update), the rest of the effective
 * configuration read-only (secrets arrive masked from the server), and the health of what sends cards.
 */
export function SettingsView() {
  const { formatMessage } = useIntl();
  const { data, error, isLoading } = useResource<SettingsAnswer>('/settings');
  const { canUpdateSettings } = usePluginPermissions();
  // The PUT answers the whole report: shown at once, without a reload that would flash the loader.
  const [saved, setSaved] = React.useState<SettingsAnswer | null>(null);
  const answer = saved ?? data;
  if (error && !saved)
    return (
      <ErrorNotice
        error={error}
        text={formatMessage({
          id: getTranslation('settings.load-failed'),
          defaultMessage: 'Could not load the settings',
        })}
      />
    );
  if (!answer || (isLoading && !saved))
    return (
      <Loading
        text={formatMessage({
          id: getTranslation('settings.loading'),
          defaultMessage: 'Loading the settings and checking the renderer and e-mail…',
        })}
      />
    );
  const readOnly = (answer.groups ?? [])
    .map((group) => ({ name: group.name, settings: group.settings.filter((s) => !s.editable) }))
    .filter((group) => group.settings.length);
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <section aria-label={formatMessage({ id: getTranslation('health.title'), defaultMessage: 'Health' })}>
        <Grid.Root gap={4}>
          {Object.entries(answer.health ?? {}).map(([name, check]) => (
            <Grid.Item key={name} col={6} m={6} xs={12} direction="column" alignItems="stretch">
              <Health name={name} check={check} />
            </Grid.Item>
          ))}
        </Grid.Root>
      </section>
      {saved ? (
        <Box background="success100" borderColor="success200" hasRadius padding={3} role="status">
          <Typography textColor="success700">
            {formatMessage({
              id: getTranslation('settings.saved'),
              defaultMessage:
                'Saved. The shop uses the new settings now; other servers pick them up within two seconds.',
            })}
          </Typography>
        </Box>
      ) : null}
      <SettingsForm
        key={answer.stored?.version ?? 'defaults'}
        answer={answer}
        canUpdate={canUpdateSettings}
        onSaved={setSaved}
      />
      <Typography variant="beta" tag="h2" style={{ marginTop: 16 }}>
        {formatMessage({
          id: getTranslation('settings.environment'),
          defaultMessage: 'From the environment (read-only here)',
        })}
      </Typography>
      {readOnly.map((group) => (
        <Group key={group.name} name={group.name} settings={group.settings} />
      ))}
      <Typography variant="pi" textColor="neutral600">
        {formatMessage({
          id: getTranslation('settings.environment-note'),
          defaultMessage:
            'Everything outside Shop settings is read-only here: they come from the environment and config/plugins; change them there and restart. Secrets are never shown in full.',
        })}
      </Typography>
    </Flex>
  );
}
