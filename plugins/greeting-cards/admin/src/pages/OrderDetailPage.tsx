import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Flex, Grid, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { useResource } from '../api/use-resource';
import type { OrderDetail, OrderItem } from '../api/types';
import { DeliveryActions } from '../components/DeliveryActions';
import { ErrorNotice, Loading } from '../components/Feedback';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime, label, money } from '../format';
import { PLUGIN_PATH } from '../paths';

/** One fact of the order: a grid cell holding a <dt>/<dd> pair, so the grid itself can be the <dl>. */
function Fact({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <Grid.Item col={wide ? 6 : 3} s={wide ? 12 : 6} direction="column" alignItems="flex-start" gap={1}>
      <Typography variant="sigma" textColor="neutral600" tag="dt">{name}</Typography>
      <Typography tag="dd" style={{ margin: 0, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Grid.Item>
  );
}

function giftName(item: OrderItem): string {
  const gift = item.gift_addon;
  if (!gift) return '—';
  return typeof gift === 'string' ? gift : gift.name ?? '—';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={6} tag="section" aria-label={title}>
      <Flex direction="column" alignItems="stretch" gap={4}>
        <Typography variant="delta" tag="h2">{title}</Typography>
        {children}
      </Flex>
    </Box>
  );
}

export function OrderDetailPage({ canManage }: { canManage: boolean }) {
  const { uuid = '' } = useParams();
  const { data: order, error, isLoading, reload } = useResource<OrderDetail>(`/orders/${encodeURIComponent(uuid)}`);
  const back = (
    <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders`} startIcon={<ArrowLeft />}>
      All orders
    </Link>
  );
  if (error) return <Flex direction="column" alignItems="stretch" gap={4}>{back}<ErrorNotice error={error} what="this order" /></Flex>;
  if (!order || isLoading) return <Loading what="the order" />;

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      {back}
      <Section title={`Order ${order.uuid}`}>
        <Grid.Root gap={4} tag="dl" style={{ margin: 0 }}>
            <Fact name="Status"><StatusBadge status={order.status} /></Fact>
            <Fact name="Customer">{order.email ?? '—'}</Fact>
            <Fact name="Placed">{dateTime(order.created_at)}</Fact>
            <Fact name="Paid">{dateTime(order.paid_at)}</Fact>
            <Fact name="Subtotal">{money(order.subtotal_pence, order.currency)}</Fact>
            <Fact name="Discount">{order.discount_pence ? `−${money(order.discount_pence, order.currency)}` : '—'}{order.promo_code ? ` (${order.promo_code})` : ''}</Fact>
            <Fact name="Total">{money(order.total_pence, order.currency)}</Fact>
            {order.ecard_counts?.ecards ? (
              <Fact name="E-cards">{`${order.ecard_counts.sent} of ${order.ecard_counts.ecards} sent, ${order.ecard_counts.opened} opened, ${order.ecard_counts.failed} failed`}</Fact>
            ) : null}
            <Fact name="Payment provider">{order.payment?.provider ?? '—'}</Fact>
            <Fact wide name="Checkout session">{order.payment?.session_id ?? '—'}</Fact>
            <Fact wide name="Payment intent">{order.payment?.payment_intent_id ?? '—'}</Fact>
        </Grid.Root>
      </Section>

      <Section title="Items and deliveries">
        {order.items.length === 0 ? (
          <Typography textColor="neutral600">This order has no items.</Typography>
        ) : (
          <Table colCount={7} rowCount={order.items.length + 1}>
            <Thead>
              <Tr>
                <Th><Typography variant="sigma">Card</Typography></Th>
                <Th><Typography variant="sigma">Recipient</Typography></Th>
                <Th><Typography variant="sigma">Method</Typography></Th>
                <Th><Typography variant="sigma">Price</Typography></Th>
                <Th><Typography variant="sigma">Gift</Typography></Th>
                <Th><Typography variant="sigma">Delivery</Typography></Th>
                <Th><Typography variant="sigma">Actions</Typography></Th>
              </Tr>
            </Thead>
            <Tbody>
              {order.items.map((item, index) => (
                <Tr key={item.id ?? index}>
                  <Td><Typography>{item.card_name ?? item.card ?? '—'}</Typography></Td>
                  <Td><Typography>{item.recipient_name ?? '—'}</Typography></Td>
                  <Td><Typography>{label(item.delivery_method)}</Typography></Td>
                  <Td><Typography>{money(item.price_pence, order.currency)}</Typography></Td>
                  <Td><Typography>{giftName(item)}</Typography></Td>
                  <Td style={{ whiteSpace: 'normal' }}>
                    {item.delivery ? (
                      <Flex direction="column" alignItems="flex-start" gap={1}>
                        <StatusBadge status={item.delivery.status} />
                        <Typography variant="pi">{`Attempts: ${item.delivery.attempts}`}</Typography>
                        {item.delivery.tracking_reference ? <Typography variant="pi">{`Tracking: ${item.delivery.tracking_reference}`}</Typography> : null}
                        {item.delivery.scheduled_for ? <Typography variant="pi">{`Scheduled: ${dateTime(item.delivery.scheduled_for)}`}</Typography> : null}
                        {item.delivery.last_error ? <Typography variant="pi" textColor="danger600">{item.delivery.last_error}</Typography> : null}
                      </Flex>
                    ) : (
                      <Typography textColor="neutral600">Not created yet</Typography>
                    )}
                  </Td>
                  <Td>
                    {item.delivery ? (
                      <DeliveryActions
                        delivery={{ id: item.delivery.id, status: item.delivery.status, method: item.delivery_method, recipient_name: item.recipient_name }}
                        canManage={canManage}
                        onDone={reload}
                      />
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Section>

      <Section title="Status history">
        {order.history.length === 0 ? (
          <Typography textColor="neutral600">No status changes recorded.</Typography>
        ) : (
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {order.history.map((entry, index) => (
              <li key={`${entry.status}-${index}`}>
                <Flex gap={3} paddingBottom={2}>
                  <StatusBadge status={entry.status} />
                  <Typography>{dateTime(entry.at)}</Typography>
                </Flex>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </Flex>
  );
}
