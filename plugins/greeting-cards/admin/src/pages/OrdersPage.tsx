import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Flex,
  Grid,
  Link,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  Typography,
  VisuallyHidden,
} from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useResource } from '../api/use-resource';
import type { OrderRow, Paged } from '../api/types';
import { ChoiceFilter, DateFilter, SearchFilter } from '../components/Filters';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { useFormat } from '../format';
import { PLUGIN_PATH } from '../paths';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

const ORDER_STATUSES = [
  'cart',
  'pending_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
const PAGE_SIZE = 20;

export function OrdersPage() {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [status, setStatus] = React.useState('');
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [q, setQ] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading } = useResource<Paged<OrderRow>>('/orders', {
    status,
    from,
    to,
    q,
    page,
    page_size: PAGE_SIZE,
  });
  const onSearch = React.useCallback((value: string) => {
    setQ(value);
    setPage(1);
  }, []);

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={4} s={12} xs={12} direction="column" alignItems="stretch">
            <SearchFilter
              name="q"
              text={formatMessage({ id: getTranslation('orders.search'), defaultMessage: 'Search orders' })}
              hint={formatMessage({
                id: getTranslation('orders.search-hint'),
                defaultMessage: 'Order number (uuid) or customer e-mail',
              })}
              onSearch={onSearch}
            />
          </Grid.Item>
          <Grid.Item col={3} s={12} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="status"
              text={formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
              value={status}
              choices={ORDER_STATUSES}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
          </Grid.Item>
          <Grid.Item col={2} s={6} xs={12} direction="column" alignItems="stretch">
            <DateFilter
              name="from"
              text={formatMessage({ id: getTranslation('orders.from'), defaultMessage: 'From' })}
              onChange={(value) => {
                setFrom(value);
                setPage(1);
              }}
            />
          </Grid.Item>
          <Grid.Item col={2} s={6} xs={12} direction="column" alignItems="stretch">
            <DateFilter
              name="to"
              text={formatMessage({ id: getTranslation('orders.to'), defaultMessage: 'To' })}
              onChange={(value) => {
                setTo(value);
                setPage(1);
              }}
            />
          </Grid.Item>
        </Grid.Root>
      </Box>
      {error ? (
        <ErrorNotice
          error={error}
          text={formatMessage({ id: getTranslation('orders.load-failed'), defaultMessage: 'Could not load orders' })}
        />
      ) : null}
      {!data && isLoading ? (
        <Loading text={formatMessage({ id: getTranslation('orders.loading'), defaultMessage: 'Loading orders…' })} />
      ) : null}
      {data && data.count === 0 ? (
        <Empty
          content={
            q || status || from || to
              ? formatMessage({
                  id: getTranslation('orders.none-match'),
                  defaultMessage: 'No order matches these filters.',
                })
              : formatMessage({ id: getTranslation('orders.none'), defaultMessage: 'No orders yet.' })
          }
        />
      ) : null}
      {data && data.count > 0 ? (
        <>
          <ScrollingTable label={formatMessage({ id: getTranslation('section.orders'), defaultMessage: 'Orders' })}>
            <Table colCount={6} rowCount={data.results.length + 1} aria-busy={isLoading}>
              <Thead>
                <Tr>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.order'), defaultMessage: 'Order' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.customer'), defaultMessage: 'Customer' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.items'), defaultMessage: 'Items' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.total'), defaultMessage: 'Total' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.placed'), defaultMessage: 'Placed' })}
                    </Typography>
                  </Th>
                </Tr>
              </Thead>
              <Tbody>
                {data.results.map((order) => (
                  <Tr key={order.uuid}>
                    <Td>
                      <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${order.uuid}`}>
                        {order.uuid.slice(0, 8)}
                        <VisuallyHidden>{` ${formatMessage({ id: getTranslation('orders.open'), defaultMessage: '(open order {uuid})' }, { uuid: order.uuid })}`}</VisuallyHidden>
                      </Link>
                    </Td>
                    <Td>
                      <Typography>{order.email ?? '—'}</Typography>
                    </Td>
                    <Td>
                      <StatusBadge status={order.status} />
                    </Td>
                    <Td>
                      <Typography>{order.item_count}</Typography>
                    </Td>
                    <Td>
                      <Typography>{format.money(order.total_pence, order.currency)}</Typography>
                    </Td>
                    <Td>
                      <Typography>{format.dateTime(order.created_at)}</Typography>
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </ScrollingTable>
          <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} />
        </>
      ) : null}
    </Flex>
  );
}
