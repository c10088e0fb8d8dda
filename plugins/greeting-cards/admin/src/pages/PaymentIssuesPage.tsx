import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { useAdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import { useResource } from '../api/use-resource';
import type { PaymentIssues } from '../api/types';
import { Empty } from '../components/Feedback';
import { ListStates } from '../components/ListStates';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { useFormat } from '../format';
import { PLUGIN_PATH } from '../paths';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

const PAGE_SIZE = 20;

function OrderLink({ uuid }: { uuid: string | null }) {
  if (!uuid) return <Typography>—</Typography>;
  return (
    <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${uuid}`}>
      {uuid.slice(0, 8)}
    </Link>
  );
}

/**
 * Marks an issue resolved once its money was refunded or explained: the one change operators make to
 * these records (the Content Manager does not show them). The server checks payments.manage.
 */
function ResolveButton({ id, onDone }: { id: number; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [busy, setBusy] = React.useState(false);
  const resolve = async () => {
    setBusy(true);
    try {
      await api.postJson(`/payment-issues/${id}/resolve`);
      toggleNotification({
        type: 'success',
        message: formatMessage({ id: getTranslation('payments.resolved-done'), defaultMessage: 'Marked resolved.' }),
      });
      onDone();
    } catch (error) {
      toggleNotification({
        type: 'danger',
        title: formatMessage({
          id: getTranslation('payments.resolve-failed'),
          defaultMessage: 'Could not mark it resolved',
        }),
        message: errorText(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="S"
      variant="secondary"
      disabled={busy}
      onClick={resolve}
      aria-label={formatMessage(
        { id: getTranslation('payments.resolve-label'), defaultMessage: 'Mark payment issue {id} resolved' },
        { id },
      )}
    >
      {formatMessage({ id: getTranslation('payments.resolve'), defaultMessage: 'Mark resolved' })}
    </Button>
  );
}

/** Money that did not pay its order (another session, a wrong amount, a refund to make) and refunds made. */
export function PaymentIssuesPage({ canResolve }: { canResolve: boolean }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<PaymentIssues>('/payment-issues', {
    page,
    page_size: PAGE_SIZE,
  });
  const refunds = data?.refunds;
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Typography textColor="neutral600" tag="p">
        {formatMessage({
          id: getTranslation('payments.intro'),
          defaultMessage:
            "Payments that arrived for cancelled or already-paid orders, or that did not match their order. Refund them in the payment provider's dashboard.",
        })}
      </Typography>
      <ListStates
        data={data}
        error={error}
        isLoading={isLoading}
        errorText={formatMessage({
          id: getTranslation('payments.load-failed'),
          defaultMessage: 'Could not load payment issues',
        })}
        loadingText={formatMessage({
          id: getTranslation('payments.loading'),
          defaultMessage: 'Loading payment issues…',
        })}
        emptyText={formatMessage({
          id: getTranslation('payments.none'),
          defaultMessage: 'No payment needs attention.',
        })}
      >
        {(data) => (
          <ScrollingTable
            label={formatMessage({
              id: getTranslation('section.payments'),
              defaultMessage: 'Payments needing attention',
            })}
          >
            <Table colCount={7} rowCount={data.results.length + 1}>
              <Thead>
                <Tr>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.problem'), defaultMessage: 'Problem' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.order'), defaultMessage: 'Order' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.amount'), defaultMessage: 'Amount' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({
                        id: getTranslation('column.provider-payment'),
                        defaultMessage: 'Provider payment',
                      })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.detail'), defaultMessage: 'Detail' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.when'), defaultMessage: 'When' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.action'), defaultMessage: 'Action' })}
                    </Typography>
                  </Th>
                </Tr>
              </Thead>
              <Tbody>
                {data.results.map((issue) => (
                  <Tr key={issue.id}>
                    <Td>
                      <StatusBadge status={issue.resolved ? 'resolved' : issue.kind} />
                    </Td>
                    <Td>
                      <OrderLink uuid={issue.order_uuid} />
                    </Td>
                    <Td>
                      <Typography>{format.money(issue.amount_pence, issue.currency ?? 'GBP')}</Typography>
                    </Td>
                    <Td style={{ whiteSpace: 'normal' }}>
                      <Typography style={{ overflowWrap: 'anywhere' }}>
                        {[issue.provider, issue.payment_intent_id ?? issue.session_id].filter(Boolean).join(': ') ||
                          '—'}
                      </Typography>
                    </Td>
                    <Td style={{ maxWidth: 320, whiteSpace: 'normal' }}>
                      <Typography>{issue.detail || '—'}</Typography>
                    </Td>
                    <Td>
                      <Typography>{format.dateTime(issue.created_at)}</Typography>
                    </Td>
                    <Td>
                      {issue.resolved ? (
                        <Typography textColor="neutral600">
                          {formatMessage({ id: getTranslation('status.resolved'), defaultMessage: 'Resolved' })}
                        </Typography>
                      ) : canResolve ? (
                        <ResolveButton id={issue.id} onDone={reload} />
                      ) : (
                        <Typography>—</Typography>
                      )}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </ScrollingTable>
        )}
      </ListStates>

      {refunds ? (
        <>
          <Typography variant="delta" tag="h2">
            {formatMessage({ id: getTranslation('payments.refunded-orders'), defaultMessage: 'Refunded orders' })}
          </Typography>
          {refunds.count === 0 ? (
            <Empty
              content={formatMessage({
                id: getTranslation('payments.no-refunds'),
                defaultMessage: 'No order has been refunded.',
              })}
            />
          ) : (
            <ScrollingTable
              label={formatMessage({
                id: getTranslation('payments.refunded-orders'),
                defaultMessage: 'Refunded orders',
              })}
            >
              <Table colCount={5} rowCount={refunds.results.length + 1}>
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
                        {formatMessage({ id: getTranslation('column.amount'), defaultMessage: 'Amount' })}
                      </Typography>
                    </Th>
                    <Th>
                      <Typography variant="sigma">
                        {formatMessage({
                          id: getTranslation('column.payment-intent'),
                          defaultMessage: 'Payment intent',
                        })}
                      </Typography>
                    </Th>
                    <Th>
                      <Typography variant="sigma">
                        {formatMessage({ id: getTranslation('column.refunded'), defaultMessage: 'Refunded' })}
                      </Typography>
                    </Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {refunds.results.map((refund) => (
                    <Tr key={refund.order_uuid}>
                      <Td>
                        <OrderLink uuid={refund.order_uuid} />
                      </Td>
                      <Td>
                        <Typography>{refund.email ?? '—'}</Typography>
                      </Td>
                      <Td>
                        <Typography>{format.money(refund.total_pence, refund.currency ?? 'GBP')}</Typography>
                      </Td>
                      <Td>
                        <Typography style={{ overflowWrap: 'anywhere' }}>{refund.payment_intent_id ?? '—'}</Typography>
                      </Td>
                      <Td>
                        <Typography>{format.dateTime(refund.refunded_at)}</Typography>
                      </Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            </ScrollingTable>
          )}
        </>
      ) : null}
      {data ? (
        <Pager page={page} pageSize={PAGE_SIZE} count={Math.max(data.count, refunds?.count ?? 0)} onPage={setPage} />
      ) : null}
    </Flex>
  );
}
