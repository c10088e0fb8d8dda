import * as React from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';
import { useResource } from '../api/use-resource';
import type { DeliveryDetail } from '../api/types';
import { ErrorNotice, Loading } from './Feedback';
import { dateTime, label, money } from '../format';

const SOURCES: Record<string, string> = {
  submitted: 'Submitted to the provider',
  submit_failed: 'Submission failed',
  callback: 'Provider callback',
  poll: 'Checked with the provider',
  cancelled: 'Cancelled',
  retry: 'Retried',
  refund: 'Refunded',
  migrated: 'Recorded before the timeline existed',
};

/** A posted card at its print provider: the provider's order id, tracking, refund and every accepted step, oldest first. */
export function DeliveryTimeline({ id, version }: { id: number; version: number }) {
  const { data, error, isLoading, reload } = useResource<DeliveryDetail>(`/deliveries/${id}`);
  // The row's actions (retry, cancel) change the timeline: read it again after each.
  React.useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  if (error) return <ErrorNotice error={error} what="this delivery's timeline" />;
  if (!data) return isLoading ? <Loading what="the timeline" /> : null;
  return (
    <Box padding={4} background="neutral100" hasRadius>
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Typography variant="omega">
          {`Provider: ${data.provider ?? '—'} · order ${data.provider_order_id ?? 'not placed yet'} · ${data.carrier_status ?? 'no news yet'}`}
        </Typography>
        {data.tracking_number || data.tracking_url ? <Typography variant="omega">{`Tracking: ${data.tracking_number ?? ''} ${data.tracking_url ?? ''}`}</Typography> : null}
        {data.refund ? <Typography variant="omega">{`Refund: ${money(data.refund.amount_pence, data.refund.currency)} (${data.refund.status})`}</Typography> : null}
        {data.events.length ? (
          <ol aria-label={`Timeline of delivery ${id}`} style={{ margin: 0, paddingLeft: 20 }}>
            {data.events.map((event, n) => (
              <li key={n}>
                <Typography variant="omega">
                  {`${dateTime(event.at)} — ${SOURCES[event.source] ?? label(event.source)}: ${label(event.status ?? '')}${event.postal_status ? ` (${label(event.postal_status)})` : ''}${event.provider_status ? ` · ${event.provider_status}` : ''}${event.detail ? ` · ${event.detail}` : ''}`}
                </Typography>
              </li>
            ))}
          </ol>
        ) : (
          <Typography variant="omega" textColor="neutral600">Nothing has happened at the provider yet: the card has not been submitted.</Typography>
        )}
      </Flex>
    </Box>
  );
}
