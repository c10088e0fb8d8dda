import { Box, Flex, Grid, Typography } from '@strapi/design-system';
import { CheckCircle, WarningCircle } from '@strapi/icons';
import { useResource } from '../api/use-resource';
import type { HealthCheck, SettingsAnswer } from '../api/types';
import { ErrorNotice, Loading } from '../components/Feedback';
import { label } from '../format';

const HEALTH_NAMES: Record<string, string> = { renderer: 'Card renderer (Chromium)', email: 'E-mail (SMTP)' };

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Health({ name, check }: { name: string; check: HealthCheck }) {
  return (
    <Box background={check.ok ? 'success100' : 'danger100'} borderColor={check.ok ? 'success200' : 'danger200'} hasRadius padding={4} height="100%">
      <Flex gap={3} alignItems="flex-start">
        {check.ok ? <CheckCircle aria-hidden fill="success600" /> : <WarningCircle aria-hidden fill="danger600" />}
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <Typography variant="delta" tag="h3">{`${HEALTH_NAMES[name] ?? label(name)}: ${check.ok ? 'working' : 'not working'}`}</Typography>
          <Typography textColor={check.ok ? 'success700' : 'danger700'}>{check.detail}</Typography>
        </Flex>
      </Flex>
    </Box>
  );
}

function Group({ name, values }: { name: string; values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={6} tag="section" aria-label={label(name)}>
      <Typography variant="delta" tag="h2">{label(name)}</Typography>
      <dl style={{ margin: '16px 0 0' }}>
        <Grid.Root gap={3}>
          {entries.map(([key, value]) => (
            <Grid.Item key={key} col={6} s={12}>
              <Flex direction="column" alignItems="flex-start" gap={1}>
                <Typography variant="sigma" textColor="neutral600" tag="dt">{label(key)}</Typography>
                <Typography tag="dd" style={{ margin: 0, overflowWrap: 'anywhere' }}>{shown(value)}</Typography>
              </Flex>
            </Grid.Item>
          ))}
        </Grid.Root>
      </dl>
    </Box>
  );
}

/** The effective configuration (secrets arrive masked from the server) and the health of what sends cards. */
export function SettingsView() {
  const { data, error, isLoading } = useResource<SettingsAnswer>('/settings');
  if (error) return <ErrorNotice error={error} what="the settings" />;
  if (!data || isLoading) return <Loading what="the settings" />;
  const { health, ...rest } = data;
  const groups = Object.entries(rest).filter((entry): entry is [string, Record<string, unknown>] => Boolean(entry[1]) && typeof entry[1] === 'object' && !Array.isArray(entry[1]));
  const loose = Object.fromEntries(Object.entries(rest).filter(([, value]) => !value || typeof value !== 'object' || Array.isArray(value)));
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <section aria-label="Health">
        <Grid.Root gap={4}>
          {Object.entries(health ?? {}).map(([name, check]) => (
            <Grid.Item key={name} col={6} s={12}>
              <Health name={name} check={check} />
            </Grid.Item>
          ))}
        </Grid.Root>
      </section>
      {Object.keys(loose).length > 0 ? <Group name="general" values={loose} /> : null}
      {groups.map(([name, values]) => (
        <Group key={name} name={name} values={values} />
      ))}
      <Typography variant="pi" textColor="neutral600">
        Settings come from the environment and config/plugins; change them there and restart. Secrets are never shown.
      </Typography>
    </Flex>
  );
}
