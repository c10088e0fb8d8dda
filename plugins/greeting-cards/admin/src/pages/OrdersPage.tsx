import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Flex, Grid, Link, Table, Tbody, Td, Th, Thead, Tr, Typography, VisuallyHidden } from '@strapi/design-system';
import { useResource } from '../api/use-resource';
import type { OrderRow, Paged } from '../api/types';
import { ChoiceFilter, DateFilter, SearchFilter } from '../components/Filters';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime, money } from '../format';
import { PLUGIN_PATH } from '../paths';

const ORDER_STATUSES = ['cart', 'pending_payment', 'paid', 'fulfilled', 'cancelled', 'refunded'] as const;
const PAGE_SIZE = 20;

export function OrdersPage() {
  const [status, setStatus] = React.useState('');
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [q, setQ] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading } = useResource<Paged<OrderRow>>('/orders', { status, from, to, q, page, page_size: PAGE_SIZE });
  const onSearch = React.useCallback((value: string) => {
    setQ(value);
    setPage(1);
  }, []);

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={4} s={12} direction="column" alignItems="stretch">
            <SearchFilter name="q" text="Search orders" hint="Order number (uuid) or customer e-mail" onSearch={onSearch} />
          </Grid.Item>
          <Grid.Item col={3} s={12} direction="column" alignItems="stretch">
            <ChoiceFilter name="status" text="Status" value={status} choices={ORDER_STATUSES} onChange={(value) => { setStatus(value); setPage(1); }} />
          </Grid.Item>
          <Grid.Item col={2} s={6} direction="column" alignItems="stretch">
            <DateFilter name="from" text="From" value={from} onChange={(value) => { setFrom(value); setPage(1); }} />
          </Grid.Item>
          <Grid.Item col={2} s={6} direction="column" alignItems="stretch">
            <DateFilter name="to" text="To" value={to} onChange={(value) => { setTo(value); setPage(1); }} />
          </Grid.Item>
        </Grid.Root>
      </Box>
      {error ? <ErrorNotice error={error} what="orders" /> : null}
      {!data && isLoading ? <Loading what="orders" /> : null}
      {data && data.count === 0 ? <Empty content={q || status || from || to ? 'No order matches these filters.' : 'No orders yet.'} /> : null}
      {data && data.count > 0 ? (
        <>
          <Table colCount={6} rowCount={data.results.length + 1} aria-busy={isLoading}>
            <Thead>
              <Tr>
                <Th><Typography variant="sigma">Order</Typography></Th>
                <Th><Typography variant="sigma">Customer</Typography></Th>
                <Th><Typography variant="sigma">Status</Typography></Th>
                <Th><Typography variant="sigma">Items</Typography></Th>
                <Th><Typography variant="sigma">Total</Typography></Th>
                <Th><Typography variant="sigma">Placed</Typography></Th>
              </Tr>
            </Thead>
            <Tbody>
              {data.results.map((order) => (
                <Tr key={order.uuid}>
                  <Td>
                    <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${order.uuid}`}>
                      {order.uuid.slice(0, 8)}
                      <VisuallyHidden>{` (open order ${order.uuid})`}</VisuallyHidden>
                    </Link>
                  </Td>
                  <Td><Typography>{order.email ?? '—'}</Typography></Td>
                  <Td><StatusBadge status={order.status} /></Td>
                  <Td><Typography>{order.item_count}</Typography></Td>
                  <Td><Typography>{money(order.total_pence, order.currency)}</Typography></Td>
                  <Td><Typography>{dateTime(order.created_at)}</Typography></Td>
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
