import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { AdminApiError, useAdminApi } from '../api/client';
import { useResource } from '../api/use-resource';
import type { PaymentIssues } from '../api/types';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime, money } from '../format';
import { PLUGIN_PATH } from '../paths';

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
  const [busy, setBusy] = React.useState(false);
  const resolve = async () => {
    setBusy(true);
    try {
      await api.postJson(`/payment-issues/${id}/resolve`);
      toggleNotification({ type: 'success', message: 'Marked resolved.' });
      onDone();
    } catch (error) {
      const message = error instanceof AdminApiError ? error.message : 'The server could not be reached.';
      toggleNotification({ type: 'danger', title: 'Could not mark it resolved', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="S" variant="secondary" disabled={busy} onClick={resolve} aria-label={`Mark payment issue ${id} resolved`}>
      Mark resolved
    </Button>
  );
}

/** Money that did not pay its order (another session, a wrong amount, a refund to make) and refunds made. */
export function PaymentIssuesPage({ canResolve }: { canResolve: boolean }) {
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<PaymentIssues>('/payment-issues', { page, page_size: PAGE_SIZE });
  const refunds = data?.refunds;
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Typography textColor="neutral600" tag="p">
        Payments that arrived for cancelled or already-paid orders, or that did not match their order. Refund them
        in the payment provider's dashboard.
      </Typography>
      {error ? <ErrorNotice error={error} what="payment issues" /> : null}
      {!data && isLoading ? <Loading what="payment issues" /> : null}
      {data && data.count === 0 ? <Empty content="No payment needs attention." /> : null}
      {data && data.count > 0 ? (
        <Table colCount={7} rowCount={data.results.length + 1}>
          <Thead>
            <Tr>
              <Th><Typography variant="sigma">Problem</Typography></Th>
              <Th><Typography variant="sigma">Order</Typography></Th>
              <Th><Typography variant="sigma">Amount</Typography></Th>
              <Th><Typography variant="sigma">Provider payment</Typography></Th>
              <Th><Typography variant="sigma">Detail</Typography></Th>
              <Th><Typography variant="sigma">When</Typography></Th>
              <Th><Typography variant="sigma">Action</Typography></Th>
            </Tr>
          </Thead>
          <Tbody>
            {data.results.map((issue) => (
              <Tr key={issue.id}>
                <Td><StatusBadge status={issue.resolved ? 'resolved' : issue.kind} /></Td>
                <Td><OrderLink uuid={issue.order_uuid} /></Td>
                <Td><Typography>{money(issue.amount_pence, issue.currency ?? 'GBP')}</Typography></Td>
                <Td style={{ whiteSpace: 'normal' }}>
                  <Typography style={{ overflowWrap: 'anywhere' }}>{[issue.provider, issue.payment_intent_id ?? issue.session_id].filter(Boolean).join(': ') || '—'}</Typography>
                </Td>
                <Td style={{ maxWidth: 320, whiteSpace: 'normal' }}><Typography>{issue.detail || '—'}</Typography></Td>
                <Td><Typography>{dateTime(issue.created_at)}</Typography></Td>
                <Td>{issue.resolved ? <Typography textColor="neutral600">Resolved</Typography> : canResolve ? <ResolveButton id={issue.id} onDone={reload} /> : <Typography>—</Typography>}</Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : null}

      {refunds ? (
        <>
          <Typography variant="delta" tag="h2">Refunded orders</Typography>
          {refunds.count === 0 ? (
            <Empty content="No order has been refunded." />
          ) : (
            <Table colCount={5} rowCount={refunds.results.length + 1}>
              <Thead>
                <Tr>
                  <Th><Typography variant="sigma">Order</Typography></Th>
                  <Th><Typography variant="sigma">Customer</Typography></Th>
                  <Th><Typography variant="sigma">Amount</Typography></Th>
                  <Th><Typography variant="sigma">Payment intent</Typography></Th>
                  <Th><Typography variant="sigma">Refunded</Typography></Th>
                </Tr>
              </Thead>
              <Tbody>
                {refunds.results.map((refund) => (
                  <Tr key={refund.order_uuid}>
                    <Td><OrderLink uuid={refund.order_uuid} /></Td>
                    <Td><Typography>{refund.email ?? '—'}</Typography></Td>
                    <Td><Typography>{money(refund.total_pence, refund.currency ?? 'GBP')}</Typography></Td>
                    <Td><Typography style={{ overflowWrap: 'anywhere' }}>{refund.payment_intent_id ?? '—'}</Typography></Td>
                    <Td><Typography>{dateTime(refund.refunded_at)}</Typography></Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          )}
        </>
      ) : null}
      {data ? <Pager page={page} pageSize={PAGE_SIZE} count={Math.max(data.count, refunds?.count ?? 0)} onPage={setPage} /> : null}
    </Flex>
  );
}
