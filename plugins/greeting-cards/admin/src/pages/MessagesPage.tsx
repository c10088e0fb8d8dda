import * as React from 'react';
import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Grid,
  Table,
  Tbody,
  Td,
  Textarea,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useAdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import { useResource } from '../api/use-resource';
import type { MediaMessageRow, Paged } from '../api/types';
import { ChoiceFilter } from '../components/Filters';
import { ListStates } from '../components/ListStates';
import { StatusBadge } from '../components/StatusBadge';
import { codeWord } from '../components/status-words';
import { useFormat } from '../format';
import { getTranslation } from '../utils/getTranslation';

// Cards' video or voice messages (issue 45) as operators see them, newest first: which card, whose (the
// e-mail masked by the server), how long, when. On a complaint an operator removes one with a reason
// (required): its file is deleted, the message page and the e-card say it was removed and why.

const STATUSES = ['live', 'removed'] as const;
const PAGE_SIZE = 20;
const MAX_REASON = 500;

function RemoveButton({ message, onDone }: { message: MediaMessageRow; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const title = message.card_title || `#${message.card_id}`;
  const remove = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await api.postJson(`/media-messages/${message.id}/remove`, { reason: reason.trim() });
      toggleNotification({
        type: 'success',
        message: formatMessage(
          { id: getTranslation('messages.removed-done'), defaultMessage: 'The message on “{title}” is removed.' },
          { title },
        ),
      });
      setOpen(false);
      onDone();
    } catch (error) {
      toggleNotification({
        type: 'danger',
        title: formatMessage({ id: getTranslation('messages.remove-failed'), defaultMessage: 'Removal failed' }),
        message: errorText(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setReason('');
          setMissing(false);
        }
      }}
    >
      <Dialog.Trigger>
        <Button
          size="S"
          variant="danger-light"
          aria-label={formatMessage(
            { id: getTranslation('messages.remove-label'), defaultMessage: 'Remove the message on “{title}”' },
            { title },
          )}
        >
          {formatMessage({ id: getTranslation('messages.remove'), defaultMessage: 'Remove' })}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>
          {formatMessage({ id: getTranslation('messages.remove-title'), defaultMessage: 'Remove message' })}
        </Dialog.Header>
        <Dialog.Body>
          <Flex direction="column" alignItems="stretch" gap={4} width="100%">
            <Typography>
              {formatMessage(
                {
                  id: getTranslation('messages.remove-question'),
                  defaultMessage:
                    'Remove the message on “{title}”? Its file is deleted for good; the message page says it was removed, with your reason.',
                },
                { title },
              )}
            </Typography>
            <Field.Root
              name="reason"
              id="gc-message-reason"
              required
              error={
                missing
                  ? formatMessage({
                      id: getTranslation('messages.reason-required'),
                      defaultMessage: 'Give a reason: the message page shows it.',
                    })
                  : undefined
              }
            >
              <Field.Label>
                {formatMessage({ id: getTranslation('messages.reason'), defaultMessage: 'Reason' })}
              </Field.Label>
              <Textarea
                value={reason}
                maxLength={MAX_REASON}
                onChange={(e: React.ChangeEvent<HTMLTextAreaElement>) => {
                  setReason(e.target.value);
                  if (e.target.value.trim()) setMissing(false);
                }}
              />
              <Field.Error />
            </Field.Root>
          </Flex>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Cancel>
            <Button fullWidth variant="tertiary">
              {formatMessage({ id: getTranslation('messages.cancel'), defaultMessage: 'Cancel' })}
            </Button>
          </Dialog.Cancel>
          <Button fullWidth variant="danger" loading={busy} onClick={remove}>
            {formatMessage({ id: getTranslation('messages.remove-confirm'), defaultMessage: 'Remove message' })}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The list, for operators who may manage deliveries (the server checks the same permission). */
export function MessagesPage() {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [status, setStatus] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<Paged<MediaMessageRow>>('/media-messages', {
    status,
    page,
    page_size: PAGE_SIZE,
  });
  const heading = (descriptor: MessageDescriptor) => (
    <Th>
      <Typography variant="sigma">{formatMessage(descriptor)}</Typography>
    </Th>
  );

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="message-status"
              text={formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
              value={status}
              choices={STATUSES}
              onChange={(value) => {
                setStatus(value);
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
          id: getTranslation('messages.load-failed'),
          defaultMessage: 'Could not load messages',
        })}
        loadingText={formatMessage({ id: getTranslation('messages.loading'), defaultMessage: 'Loading messages…' })}
        emptyText={
          status
            ? formatMessage({
                id: getTranslation('messages.none-match'),
                defaultMessage: 'No message matches this filter.',
              })
            : formatMessage({
                id: getTranslation('messages.none'),
                defaultMessage: 'No video or voice messages yet.',
              })
        }
        pager={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(data) => (
          <Table colCount={7} rowCount={data.results.length + 1} aria-busy={isLoading}>
            <Thead>
              <Tr>
                {heading({ id: getTranslation('column.card'), defaultMessage: 'Card' })}
                {heading({ id: getTranslation('column.owner'), defaultMessage: 'Owner' })}
                {heading({ id: getTranslation('column.kind'), defaultMessage: 'Kind' })}
                {heading({ id: getTranslation('column.duration'), defaultMessage: 'Length' })}
                {heading({ id: getTranslation('column.created'), defaultMessage: 'Created' })}
                {heading({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
                {heading({ id: getTranslation('column.actions'), defaultMessage: 'Actions' })}
              </Tr>
            </Thead>
            <Tbody>
              {data.results.map((message) => (
                <Tr key={message.id} data-message-id={message.id}>
                  <Td style={{ maxWidth: 260, whiteSpace: 'normal' }}>
                    <Typography fontWeight="bold">{message.card_title || `#${message.card_id}`}</Typography>
                  </Td>
                  <Td style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    <Typography>{message.owner_email || '—'}</Typography>
                  </Td>
                  <Td>
                    <Typography>{codeWord(formatMessage, message.kind)}</Typography>
                  </Td>
                  <Td>
                    <Typography>
                      {formatMessage(
                        { id: getTranslation('messages.seconds'), defaultMessage: '{seconds} s' },
                        { seconds: Math.round(message.duration_ms / 1000) },
                      )}
                    </Typography>
                  </Td>
                  <Td>
                    <Typography>{format.dateTime(message.created_at)}</Typography>
                  </Td>
                  <Td>
                    <StatusBadge status={message.status} />
                  </Td>
                  <Td style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                    {message.status === 'live' ? (
                      <RemoveButton message={message} onDone={reload} />
                    ) : (
                      <Typography textColor="neutral600" className="gc-removed-reason">
                        {formatMessage(
                          {
                            id: getTranslation('messages.removed-because'),
                            defaultMessage: 'Removed {when}: {reason}',
                          },
                          { when: format.dateTime(message.removed_at), reason: message.removed_reason },
                        )}
                      </Typography>
                    )}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </ListStates>
    </Flex>
  );
}
