import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Grid, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useResource } from '../api/use-resource';
import type { DeliveryRow, Paged } from '../api/types';
import { ChoiceFilter } from '../components/Filters';
import { DeliveryActions } from '../components/DeliveryActions';
import { DeliveryTimeline } from '../components/DeliveryTimeline';
import { ListStates } from '../components/ListStates';
import { StatusBadge } from '../components/StatusBadge';
import { codeWord } from '../components/status-words';
import { useFormat } from '../format';
import { PLUGIN_PATH } from '../paths';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

const DELIVERY_STATUSES = ['pending', 'scheduled', 'processing', 'sent', 'delivered', 'failed', 'cancelled'] as const;
const DELIVERY_METHODS = ['ecard', 'post', 'print'] as const;
/** Posted cards against their promised window: only the late ones (issue 44). */
const PROMISE_CHOICES = ['late'] as const;
const PAGE_SIZE = 20;

export function DeliveriesPage() {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [status, setStatus] = React.useState('');
  const [method, setMethod] = React.useState('');
  const [promise, setPromise] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<Paged<DeliveryRow>>('/deliveries', {
    status,
    method,
    late: promise === 'late' ? 'true' : '',
    page,
    page_size: PAGE_SIZE,
  });
  // The posted card whose provider timeline is open, and a counter that makes it read again after an action.
  const [openId, setOpenId] = React.useState<number | null>(null);
  const [version, setVersion] = React.useState(0);
  const afterAction = React.useCallback(() => {
    reload();
    setVersion((n) => n + 1);
  }, [reload]);

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="delivery-status"
              text={formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
              value={status}
              choices={DELIVERY_STATUSES}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
          </Grid.Item>
          <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="delivery-method"
              text={formatMessage({ id: getTranslation('column.method'), defaultMessage: 'Method' })}
              value={method}
              choices={DELIVERY_METHODS}
              onChange={(value) => {
                setMethod(value);
                setPage(1);
              }}
            />
          </Grid.Item>
          <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="delivery-promise"
              text={formatMessage({ id: getTranslation('deliveries.promise'), defaultMessage: 'Promised window' })}
              value={promise}
              choices={PROMISE_CHOICES}
              onChange={(value) => {
                setPromise(value);
                setPage(1);
              }}
            />
          </Grid.Item>
        </Grid.Root>
      </Box>
      <ListStates
        data={data}
        error={error}
        isLoading={isLoading}
        errorText={formatMessage({
          id: getTranslation('deliveries.load-failed'),
          defaultMessage: 'Could not load deliveries',
        })}
        loadingText={formatMessage({ id: getTranslation('deliveries.loading'), defaultMessage: 'Loading deliveries…' })}
        emptyText={
          status || method || promise
            ? formatMessage({
                id: getTranslation('deliveries.none-match'),
                defaultMessage: 'No delivery matches these filters.',
              })
            : formatMessage({ id: getTranslation('deliveries.none'), defaultMessage: 'No deliveries yet.' })
        }
        loaderWhileReloading
        pager={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(data) => (
          <ScrollingTable
            label={formatMessage({ id: getTranslation('section.deliveries'), defaultMessage: 'Deliveries' })}
          >
            <Table colCount={8} rowCount={data.results.length + 1} aria-busy={isLoading}>
              <Thead>
                <Tr>
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
                      {formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.tracking'), defaultMessage: 'Tracking' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.scheduled'), defaultMessage: 'Scheduled' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.attempts'), defaultMessage: 'Attempts' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.last-error'), defaultMessage: 'Last error' })}
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
                {data.results.map((delivery) => (
                  <React.Fragment key={delivery.id}>
                    <Tr>
                      <Td>
                        <Flex direction="column" alignItems="flex-start">
                          <Typography>{delivery.recipient_name ?? '—'}</Typography>
                          {delivery.order_uuid ? (
                            <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${delivery.order_uuid}`}>
                              {formatMessage(
                                { id: getTranslation('deliveries.order'), defaultMessage: 'Order {number}' },
                                { number: delivery.order_uuid.slice(0, 8) },
                              )}
                            </Link>
                          ) : null}
                        </Flex>
                      </Td>
                      <Td>
                        <Typography>{codeWord(formatMessage, delivery.method)}</Typography>
                      </Td>
                      <Td style={{ whiteSpace: 'normal' }}>
                        <Flex direction="column" alignItems="flex-start" gap={1}>
                          <StatusBadge status={delivery.status} />
                          {delivery.late_at ? <LateNote delivery={delivery} /> : null}
                        </Flex>
                      </Td>
                      <Td style={{ whiteSpace: 'normal' }}>
                        <Flex direction="column" alignItems="flex-start" gap={1}>
                          <Typography>
                            {delivery.provider_order_id
                              ? formatMessage(
                                  {
                                    id: getTranslation('deliveries.provider-order'),
                                    defaultMessage: 'Provider order {id}',
                                  },
                                  { id: delivery.provider_order_id },
                                )
                              : (delivery.tracking_reference ?? '—')}
                          </Typography>
                          {delivery.postal_status ? (
                            <Typography variant="pi" textColor="neutral600">
                              {codeWord(formatMessage, delivery.postal_status)}
                            </Typography>
                          ) : null}
                          {delivery.method === 'post' ? (
                            <Button
                              variant="tertiary"
                              size="S"
                              aria-expanded={openId === delivery.id}
                              aria-controls={`timeline-${delivery.id}`}
                              onClick={() => setOpenId(openId === delivery.id ? null : delivery.id)}
                            >
                              {openId === delivery.id
                                ? formatMessage({
                                    id: getTranslation('deliveries.hide-timeline'),
                                    defaultMessage: 'Hide timeline',
                                  })
                                : formatMessage({
                                    id: getTranslation('deliveries.timeline'),
                                    defaultMessage: 'Timeline',
                                  })}
                            </Button>
                          ) : null}
                        </Flex>
                      </Td>
                      <Td>
                        <Typography>{format.dateTime(delivery.scheduled_for)}</Typography>
                      </Td>
                      <Td>
                        <Typography>{delivery.attempts}</Typography>
                      </Td>
                      <Td style={{ maxWidth: 260, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                        <Typography textColor={delivery.last_error ? 'danger600' : 'neutral800'}>
                          {delivery.last_error ?? '—'}
                        </Typography>
                      </Td>
                      <Td>
                        {/* The list itself needs deliveries.manage, so whoever sees it may act on it. */}
                        <DeliveryActions delivery={delivery} canManage onDone={afterAction} />
                      </Td>
                    </Tr>
                    {openId === delivery.id ? (
                      <Tr id={`timeline-${delivery.id}`}>
                        <Td colSpan={8} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                          <DeliveryTimeline id={delivery.id} version={version} />
                        </Td>
                      </Tr>
                    ) : null}
                  </React.Fragment>
                ))}
              </Tbody>
            </Table>
          </ScrollingTable>
        )}
      </ListStates>
    </Flex>
  );
}

/** A late posted card: the last day promised, and what was done about it (or that nothing was yet). */
function LateNote({ delivery }: { delivery: DeliveryRow }) {
  const { formatMessage } = useIntl();
  return (
    <Flex direction="column" alignItems="flex-start" gap={1} data-late={delivery.id}>
      <Typography variant="pi" fontWeight="bold" textColor="danger600">
        {formatMessage(
          { id: getTranslation('deliveries.late'), defaultMessage: 'Late: promised by {date}' },
          { date: delivery.late_promised_to ?? delivery.promised_to ?? '—' },
        )}
      </Typography>
      <Typography variant="pi" textColor="neutral600">
        {delivery.late_remedy
          ? codeWord(formatMessage, delivery.late_remedy)
          : formatMessage({ id: getTranslation('deliveries.late-open'), defaultMessage: 'Nothing done yet' })}
      </Typography>
      {delivery.first_provider_order_id ? (
        <Typography variant="pi" textColor="neutral600">
          {formatMessage(
            { id: getTranslation('deliveries.first-order'), defaultMessage: 'First order {id}' },
            { id: delivery.first_provider_order_id },
          )}
        </Typography>
      ) : null}
    </Flex>
  );
}
