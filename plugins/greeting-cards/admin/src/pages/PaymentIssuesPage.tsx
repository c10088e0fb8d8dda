import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useResource } from '../api/use-resource';
import type { Paged, PaymentIssue } from '../api/types';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime, money } from '../format';
import { PLUGIN_PATH } from '../paths';

const PAGE_SIZE = 20;

function text(value: unknown): string {
  return typeof value === 'string' && value ? value : '—';
}

/** Money that arrived but did not pay its order: another session, a wrong amount, a refund to make. */
export function PaymentIssuesPage() {
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading } = useResource<Paged<PaymentIssue>>('/payment-issues', { page });
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Typography textColor="neutral600">
        Payments that arrived for cancelled or already-paid orders, or did not match their order. Refund them in
        the payment provider's dashboard.
      </Typography>
      {error ? <ErrorNotice error={error} what="payment issues" /> : null}
      {!data && isLoading ? <Loading what="payment issues" /> : null}
      {data && data.count === 0 ? <Empty content="No payment needs attention." /> : null}
      {data && data.count > 0 ? (
        <>
          <Table colCount={6} rowCount={data.results.length + 1}>
            <Thead>
              <Tr>
                <Th><Typography variant="sigma">Problem</Typography></Th>
                <Th><Typography variant="sigma">Order</Typography></Th>
                <Th><Typography variant="sigma">Amount</Typography></Th>
                <Th><Typography variant="sigma">Provider payment</Typography></Th>
                <Th><Typography variant="sigma">Detail</Typography></Th>
                <Th><Typography variant="sigma">When</Typography></Th>
              </Tr>
            </Thead>
            <Tbody>
              {data.results.map((issue) => (
                <Tr key={issue.id}>
                  <Td><StatusBadge status={issue.kind ?? 'needs_refund'} /></Td>
                  <Td>
                    {issue.order_uuid ? (
                      <Link tag={RouterLink} to={`${PLUGIN_PATH}/orders/${issue.order_uuid}`}>{issue.order_uuid.slice(0, 8)}</Link>
                    ) : (
                      <Typography>—</Typography>
                    )}
                  </Td>
                  <Td><Typography>{money(issue.amount_pence, issue.currency ?? 'GBP')}</Typography></Td>
                  <Td><Typography style={{ overflowWrap: 'anywhere' }}>{text(issue.provider_payment_id ?? issue.reference)}</Typography></Td>
                  <Td style={{ maxWidth: 320, whiteSpace: 'normal' }}><Typography>{text(issue.detail)}</Typography></Td>
                  <Td><Typography>{dateTime(issue.created_at)}</Typography></Td>
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
