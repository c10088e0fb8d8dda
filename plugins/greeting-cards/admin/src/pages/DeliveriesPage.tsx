import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Flex, Grid, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useResource } from '../api/use-resource';
import type { DeliveryRow, Paged } from '../api/types';
import { ChoiceFilter } from '../components/Filters';
import { DeliveryActions } from '../components/DeliveryActions';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime, label } from '../format';
import { PLUGIN_PATH } from '../paths';

const DELIVERY_STATUSES = ['pending', 'scheduled', 'processing', 'sent', 'delivered', 'failed', 'cancelled'] as const;
const DELIVERY_METHODS = ['ecard', 'post', 'print'] as const;
const PAGE_SIZE = 20;

export function DeliveriesPage() {
  const [status, setStatus] = React.useState('');
  const [method, setMethod] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<Paged<DeliveryRow>>('/deliveries', { status, method, page, page_size: PAGE_SIZE });

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={3} s={6} direction="column" alignItems="stretch">
            <ChoiceFilter name="delivery-status" text="Status" value={status} choices={DELIVERY_STATUSES} onChange={(value) => { setStatus(value); setPage(1); }} />
          </Grid.Item>
          <Grid.Item col={3} s={6} direction="column" alignItems="stretch">
            <ChoiceFilter name="delivery-method" text="Method" value={method} choices={DELIVERY_METHODS} onChange={(value) => { setMethod(value); setPage(1); }} />
          </Grid.Item>
        </Grid.Root>
      </Box>
      {error ? <ErrorNotice error={error} what="deliveries" /> : null}
      {!data && isLoading ? <Loading what="deliveries" /> : null}
      {data && data.count === 0 ? <Empty content={status || method ? 'No delivery matches these filters.' : 'No deliveries yet.'} /> : null}
      {data && data.count > 0 ? (
        <>
          <Table colCount={8} rowCount={data.results.length + 1} aria-busy={isLoading}>
            <Thead>
              <Tr>
                <Th><Typography variant="sigma">Recipient</Typography></Th>
                <Th><Typography variant="sigma">Method</Typography></Th>
                <Th><Typography variant="sigma">Status</Typography></Th>
                <Th><Typography variant="sigma">Tracking</Typography></Th>
                <Th><Typography variant="sigma">Scheduled</Typography></Th>
                <Th><Typography variant="sigma">Attempts</Typography></Th>
                <Th><Typography variant="sigma">Last error</Typography></Th>
                <Th><Typography variant="sigma">Actions</Typography></Th>
              </Tr>
            </Thead>
            <Tbody>
              {data.results.map((delivery) => (
                <Tr key={delivery.id}>
                  <Td>
                    <Flex direction="column" alignItems="flex-start">
                      <Typography>{delivery.recipient_name ?? '—'}</Typography>
                      {delivery.order_uuid ? (
                        <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${delivery.order_uuid}`}>
                          {`Order ${delivery.order_uuid.slice(0, 8)}`}
                        </Link>
                      ) : null}
                    </Flex>
                  </Td>
                  <Td><Typography>{label(delivery.method)}</Typography></Td>
                  <Td><StatusBadge status={delivery.status} /></Td>
                  <Td><Typography>{delivery.tracking_reference ?? '—'}</Typography></Td>
                  <Td><Typography>{dateTime(delivery.scheduled_for)}</Typography></Td>
                  <Td><Typography>{delivery.attempts}</Typography></Td>
                  <Td style={{ maxWidth: 260, whiteSpace: 'normal' }}>
                    <Typography textColor={delivery.last_error ? 'danger600' : 'neutral800'}>{delivery.last_error ?? '—'}</Typography>
                  </Td>
                  <Td>
                    {/* The list itself needs deliveries.manage, so whoever sees it may act on it. */}
                    <DeliveryActions delivery={delivery} canManage onDone={reload} />
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
          <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
        </>
      ) : null}
    </Flex>
  );
}
