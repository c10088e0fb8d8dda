import { Box, Flex, Grid, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useErrorText } from '../api/error-text';
import { useResource } from '../api/use-resource';
import type { Summary } from '../api/types';
import { useFormat } from '../format';
import { getTranslation } from '../utils/getTranslation';

function Figure({ name, value, tone, small }: { name: string; value: string; tone?: 'danger'; small?: boolean }) {
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={4} height="100%" width="100%">
      <Flex direction="column" alignItems="flex-start" gap={1}>
        <Typography variant="sigma" textColor="neutral600" tag="h2">
          {name}
        </Typography>
        <Typography
          variant={small ? 'delta' : 'alpha'}
          tag="p"
          textColor={tone === 'danger' ? 'danger600' : 'neutral800'}
        >
          {value}
        </Typography>
      </Flex>
    </Box>
  );
}

/** Today's orders, revenue and failed deliveries, and what waits for someone. */
export function SummaryHeader() {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const errorText = useErrorText();
  const { data, error } = useResource<Summary>('/summary');
  if (error) {
    return (
      <Typography textColor="danger600" role="alert">
        {formatMessage(
          { id: getTranslation('summary.unavailable'), defaultMessage: "Today's figures are unavailable: {reason}" },
          { reason: errorText(error) },
        )}
      </Typography>
    );
  }
  const pending = '…';
  return (
    <section aria-label={formatMessage({ id: getTranslation('summary.today'), defaultMessage: 'Today' })}>
      <Grid.Root gap={4}>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name={formatMessage({ id: getTranslation('summary.orders'), defaultMessage: 'Orders today' })}
            value={data ? format.number(data.today.orders) : pending}
          />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name={formatMessage({ id: getTranslation('summary.revenue'), defaultMessage: 'Revenue today' })}
            value={data ? format.money(data.today.revenue_pence) : pending}
          />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name={formatMessage({ id: getTranslation('summary.failed'), defaultMessage: 'Failed deliveries today' })}
            value={data ? format.number(data.today.failed_deliveries) : pending}
            tone={data && data.today.failed_deliveries > 0 ? 'danger' : undefined}
          />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name={formatMessage({ id: getTranslation('summary.attention'), defaultMessage: 'Needs attention' })}
            value={
              data
                ? formatMessage(
                    {
                      id: getTranslation('summary.attention-value'),
                      defaultMessage:
                        '{deliveries, plural, one {# failed delivery} other {# failed deliveries}}, {issues, plural, one {# payment issue} other {# payment issues}}',
                    },
                    { deliveries: data.attention.failed_deliveries, issues: data.attention.payment_issues },
                  )
                : pending
            }
            small
            tone={data && data.attention.failed_deliveries + data.attention.payment_issues > 0 ? 'danger' : undefined}
          />
        </Grid.Item>
      </Grid.Root>
    </section>
  );
}
