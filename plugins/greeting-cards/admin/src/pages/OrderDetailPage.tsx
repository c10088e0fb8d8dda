import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Flex, Grid, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { useIntl } from 'react-intl';
import { useResource } from '../api/use-resource';
import type { OrderDetail, OrderItem } from '../api/types';
import { DeliveryActions } from '../components/DeliveryActions';
import { ErrorNotice, Loading } from '../components/Feedback';
import { StatusBadge } from '../components/StatusBadge';
import { codeWord } from '../components/status-words';
import { useFormat } from '../format';
import { PLUGIN_PATH } from '../paths';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

/** One fact of the order: a grid cell holding a <dt>/<dd> pair, so the grid itself can be the <dl>. */
function Fact({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <Grid.Item col={wide ? 6 : 3} s={wide ? 12 : 6} xs={12} direction="column" alignItems="flex-start" gap={1}>
      <Typography variant="sigma" textColor="neutral600" tag="dt">
        {name}
      </Typography>
      <Typography tag="dd" style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid.Item>
  );
}

function giftName(item: OrderItem): string {
  const gift = item.gift_addon;
  if (!gift) return '—';
  return typeof gift === 'string' ? gift : (gift.name ?? '—');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box background="neutral0" hasRadius shadow="tableShadow" padding={6} tag="section" aria-label={title}>
      <Flex direction="column" alignItems="stretch" gap={4}>
        <Typography variant="delta" tag="h2">
          {title}
        </Typography>
        {children}
      </Flex>
    </Box>
  );
}

export function OrderDetailPage({ canManage }: { canManage: boolean }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const { uuid = '' } = useParams();
  const { data: order, error, isLoading, reload } = useResource<OrderDetail>(`/orders/${encodeURIComponent(uuid)}`);
  const back = (
    <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders`} startIcon={<ArrowLeft />}>
      {formatMessage({ id: getTranslation('order.back'), defaultMessage: 'All orders' })}
    </Link>
  );
  if (error)
    return (
      <Flex direction="column" alignItems="stretch" gap={4}>
        {back}
        <ErrorNotice
          error={error}
          text={formatMessage({ id: getTranslation('order.load-failed'), defaultMessage: 'Could not load this order' })}
        />
      </Flex>
    );
  if (!order || isLoading)
    return (
      <Loading text={formatMessage({ id: getTranslation('order.loading'), defaultMessage: 'Loading the order…' })} />
    );

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      {back}
      <Section
        title={formatMessage(
          { id: getTranslation('order.title'), defaultMessage: 'Order {uuid}' },
          { uuid: order.uuid },
        )}
      >
        <Grid.Root gap={4} tag="dl" style={{ margin: 0 }}>
          <Fact name={formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}>
            <StatusBadge status={order.status} />
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.customer'), defaultMessage: 'Customer' })}>
            {order.email ?? '—'}
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.placed'), defaultMessage: 'Placed' })}>
            {format.dateTime(order.created_at)}
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.paid'), defaultMessage: 'Paid' })}>
            {format.dateTime(order.paid_at)}
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.subtotal'), defaultMessage: 'Subtotal' })}>
            {format.money(order.subtotal_pence, order.currency)}
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.discount'), defaultMessage: 'Discount' })}>
            {order.discount_pence ? `−${format.money(order.discount_pence, order.currency)}` : '—'}
            {order.promo_code ? ` (${order.promo_code})` : ''}
          </Fact>
          <Fact name={formatMessage({ id: getTranslation('column.total'), defaultMessage: 'Total' })}>
            {format.money(order.total_pence, order.currency)}
          </Fact>
          {order.ecard_counts?.ecards ? (
            <Fact name={formatMessage({ id: getTranslation('column.ecards'), defaultMessage: 'E-cards' })}>
              {formatMessage(
                {
                  id: getTranslation('order.ecard-counts'),
                  defaultMessage: '{sent} of {ecards} sent, {opened} opened, {failed} failed',
                },
                order.ecard_counts,
              )}
            </Fact>
          ) : null}
          <Fact
            name={formatMessage({ id: getTranslation('column.payment-provider'), defaultMessage: 'Payment provider' })}
          >
            {order.payment?.provider ?? '—'}
          </Fact>
          <Fact
            wide
            name={formatMessage({ id: getTranslation('column.checkout-session'), defaultMessage: 'Checkout session' })}
          >
            {order.payment?.session_id ?? '—'}
          </Fact>
          <Fact
            wide
            name={formatMessage({ id: getTranslation('column.payment-intent'), defaultMessage: 'Payment intent' })}
          >
            {order.payment?.payment_intent_id ?? '—'}
          </Fact>
        </Grid.Root>
      </Section>

      <Section title={formatMessage({ id: getTranslation('order.items'), defaultMessage: 'Items and deliveries' })}>
        {order.items.length === 0 ? (
          <Typography textColor="neutral600">
            {formatMessage({ id: getTranslation('order.no-items'), defaultMessage: 'This order has no items.' })}
          </Typography>
        ) : (
          <ScrollingTable
            label={formatMessage({ id: getTranslation('order.items'), defaultMessage: 'Items and deliveries' })}
          >
            <Table colCount={7} rowCount={order.items.length + 1}>
              <Thead>
                <Tr>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.card'), defaultMessage: 'Card' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.recipient'), defaultMessage: 'Recipient' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.method'), defaultMessage: 'Method' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.price'), defaultMessage: 'Price' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.gift'), defaultMessage: 'Gift' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.delivery'), defaultMessage: 'Delivery' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.actions'), defaultMessage: 'Actions' })}
                    </Typography>
                  </Th>
                </Tr>
              </Thead>
              <Tbody>
                {order.items.map((item, index) => (
                  <Tr key={item.id ?? index}>
                    <Td>
                      <Typography>{item.card_name ?? item.card ?? '—'}</Typography>
                    </Td>
                    <Td>
                      <Typography>{item.recipient_name ?? '—'}</Typography>
                    </Td>
                    <Td>
                      <Typography>{codeWord(formatMessage, item.delivery_method)}</Typography>
                    </Td>
                    <Td>
                      <Typography>{format.money(item.price_pence, order.currency)}</Typography>
                    </Td>
                    <Td>
                      <Typography>{giftName(item)}</Typography>
                    </Td>
                    <Td style={{ whiteSpace: 'normal' }}>
                      {item.delivery ? (
                        <Flex direction="column" alignItems="flex-start" gap={1}>
                          <StatusBadge status={item.delivery.status} />
                          <Typography variant="pi">
                            {formatMessage(
                              { id: getTranslation('order.attempts'), defaultMessage: 'Attempts: {count}' },
                              { count: item.delivery.attempts },
                            )}
                          </Typography>
                          {item.delivery.tracking_reference ? (
                            <Typography variant="pi">
                              {formatMessage(
                                { id: getTranslation('order.tracking'), defaultMessage: 'Tracking: {tracking}' },
                                { tracking: item.delivery.tracking_reference },
                              )}
                            </Typography>
                          ) : null}
                          {item.delivery.scheduled_for ? (
                            <Typography variant="pi">
                              {formatMessage(
                                { id: getTranslation('order.scheduled'), defaultMessage: 'Scheduled: {when}' },
                                { when: format.dateTime(item.delivery.scheduled_for) },
                              )}
                            </Typography>
                          ) : null}
                          {item.delivery.last_error ? (
                            <Typography variant="pi" textColor="danger600">
                              {item.delivery.last_error}
                            </Typography>
                          ) : null}
                        </Flex>
                      ) : (
                        <Typography textColor="neutral600">
                          {formatMessage({
                            id: getTranslation('order.no-delivery'),
                            defaultMessage: 'Not created yet',
                          })}
                        </Typography>
                      )}
                    </Td>
                    <Td>
                      {item.delivery ? (
                        <DeliveryActions
                          delivery={{
                            id: item.delivery.id,
                            status: item.delivery.status,
                            method: item.delivery_method,
                            recipient_name: item.recipient_name,
                          }}
                          canManage={canManage}
                          onDone={reload}
                        />
                      ) : null}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </ScrollingTable>
        )}
      </Section>

      <Section title={formatMessage({ id: getTranslation('order.history'), defaultMessage: 'Status history' })}>
        {order.history.length === 0 ? (
          <Typography textColor="neutral600">
            {formatMessage({ id: getTranslation('order.no-history'), defaultMessage: 'No status changes recorded.' })}
          </Typography>
        ) : (
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {order.history.map((entry, index) => (
              <li key={`${entry.status}-${index}`}>
                <Flex gap={3} paddingBottom={2}>
                  <StatusBadge status={entry.status} />
                  <Typography>{format.dateTime(entry.at)}</Typography>
                </Flex>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </Flex>
  );
}
