import { Box, Flex, Grid, Typography } from '@strapi/design-system';
import { useResource } from '../api/use-resource';
import type { Summary } from '../api/types';
import { money } from '../format';

function Figure({ name, value, tone, small }: { name: string; value: string; tone?: 'danger'; small?: boolean }) {
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={4} height="100%" width="100%">
      <Flex direction="column" alignItems="flex-start" gap={1}>
        <Typography variant="sigma" textColor="neutral600" tag="h2">
          {name}
        </Typography>
        <Typography variant={small ? 'delta' : 'alpha'} tag="p" textColor={tone === 'danger' ? 'danger600' : 'neutral800'}>
          {value}
        </Typography>
      </Flex>
    </Box>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Today's orders, revenue and failed deliveries, and what waits for someone. */
export function SummaryHeader() {
  const { data, error } = useResource<Summary>('/summary');
  if (error) {
    return (
      <Typography textColor="danger600" role="alert">
        {`Today's figures are unavailable: ${error.message}`}
      </Typography>
    );
  }
  const pending = '…';
  return (
    <section aria-label="Today">
      <Grid.Root gap={4}>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure name="Orders today" value={data ? String(data.today.orders) : pending} />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure name="Revenue today" value={data ? money(data.today.revenue_pence) : pending} />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name="Failed deliveries today"
            value={data ? String(data.today.failed_deliveries) : pending}
            tone={data && data.today.failed_deliveries > 0 ? 'danger' : undefined}
          />
        </Grid.Item>
        <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
          <Figure
            name="Needs attention"
            value={data ? `${plural(data.attention.failed_deliveries, 'failed delivery', 'failed deliveries')}, ${plural(data.attention.payment_issues, 'payment issue', 'payment issues')}` : pending}
            small
            tone={data && data.attention.failed_deliveries + data.attention.payment_issues > 0 ? 'danger' : undefined}
          />
        </Grid.Item>
      </Grid.Root>
    </section>
  );
}
