import * as React from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useResource } from '../api/use-resource';
import type { DeliveryDetail } from '../api/types';
import { ErrorNotice, Loading } from './Feedback';
import { codeWord } from './status-words';
import { label, useFormat } from '../format';
import { getTranslation } from '../utils/getTranslation';

const SOURCES: Record<string, MessageDescriptor> = {
  submitted: { id: getTranslation('timeline.source.submitted'), defaultMessage: 'Submitted to the provider' },
  submit_failed: { id: getTranslation('timeline.source.submit_failed'), defaultMessage: 'Submission failed' },
  callback: { id: getTranslation('timeline.source.callback'), defaultMessage: 'Provider callback' },
  poll: { id: getTranslation('timeline.source.poll'), defaultMessage: 'Checked with the provider' },
  cancelled: { id: getTranslation('timeline.source.cancelled'), defaultMessage: 'Cancelled' },
  retry: { id: getTranslation('timeline.source.retry'), defaultMessage: 'Retried' },
  refund: { id: getTranslation('timeline.source.refund'), defaultMessage: 'Refunded' },
  migrated: { id: getTranslation('timeline.source.migrated'), defaultMessage: 'Recorded before the timeline existed' },
  late: { id: getTranslation('timeline.source.late'), defaultMessage: 'Found late' },
  reprint: { id: getTranslation('timeline.source.reprint'), defaultMessage: 'Reprint and resend' },
};

/** A posted card at its print provider: the provider's order id, tracking, refund and every accepted step, oldest first. */
export function DeliveryTimeline({ id, version }: { id: number; version: number }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const { data, error, isLoading, reload } = useResource<DeliveryDetail>(`/deliveries/${id}`);
  // The row's actions (retry, cancel) change the timeline: read it again after each.
  React.useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  if (error)
    return (
      <ErrorNotice
        error={error}
        text={formatMessage({
          id: getTranslation('timeline.load-failed'),
          defaultMessage: "Could not load this delivery's timeline",
        })}
      />
    );
  if (!data)
    return isLoading ? (
      <Loading
        text={formatMessage({ id: getTranslation('timeline.loading'), defaultMessage: 'Loading the timeline…' })}
      />
    ) : null;
  return (
    <Box padding={4} background="neutral100" hasRadius>
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Typography variant="omega">
          {formatMessage(
            {
              id: getTranslation('timeline.provider'),
              defaultMessage: 'Provider: {provider} · order {order} · {news}',
            },
            {
              provider: data.provider ?? '—',
              order:
                data.provider_order_id ??
                formatMessage({ id: getTranslation('timeline.not-placed'), defaultMessage: 'not placed yet' }),
              news:
                data.carrier_status ??
                formatMessage({ id: getTranslation('timeline.no-news'), defaultMessage: 'no news yet' }),
            },
          )}
        </Typography>
        {data.tracking_number || data.tracking_url ? (
          <Typography variant="omega">
            {formatMessage(
              { id: getTranslation('timeline.tracking'), defaultMessage: 'Tracking: {tracking}' },
              { tracking: `${data.tracking_number ?? ''} ${data.tracking_url ?? ''}`.trim() },
            )}
          </Typography>
        ) : null}
        {data.refund ? (
          <Typography variant="omega">
            {formatMessage(
              { id: getTranslation('timeline.refund'), defaultMessage: 'Refund: {amount} ({status})' },
              { amount: format.money(data.refund.amount_pence, data.refund.currency), status: data.refund.status },
            )}
          </Typography>
        ) : null}
        {data.events.length ? (
          <ol
            aria-label={formatMessage(
              { id: getTranslation('timeline.aria'), defaultMessage: 'Timeline of delivery {id}' },
              { id },
            )}
            style={{ margin: 0, paddingLeft: 20 }}
          >
            {data.events.map((event, n) => (
              <li key={n}>
                <Typography variant="omega">
                  {`${format.dateTime(event.at)} — ${SOURCES[event.source] ? formatMessage(SOURCES[event.source]) : label(event.source)}: ${codeWord(formatMessage, event.status ?? '')}${event.postal_status ? ` (${codeWord(formatMessage, event.postal_status)})` : ''}${event.provider_status ? ` · ${event.provider_status}` : ''}${event.detail ? ` · ${event.detail}` : ''}`}
                </Typography>
              </li>
            ))}
          </ol>
        ) : (
          <Typography variant="omega" textColor="neutral600">
            {formatMessage({
              id: getTranslation('timeline.empty'),
              defaultMessage: 'Nothing has happened at the provider yet: the card has not been submitted.',
            })}
          </Typography>
        )}
      </Flex>
    </Box>
  );
}
