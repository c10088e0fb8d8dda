import * as React from 'react';
import { Box, Button, Dialog, Flex, Grid, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { ConfirmDialog, useNotification } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { useAdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import { useResource } from '../api/use-resource';
import type { GroupCardRow, Paged } from '../api/types';
import { ChoiceFilter } from '../components/Filters';
import { ListStates } from '../components/ListStates';
import { StatusBadge } from '../components/StatusBadge';
import { useFormat } from '../format';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

// Group cards (issue 23) as operators see them: organiser, status, how many signed, the deadline. An
// operator may close one (a complaint, abuse): signing then stops. Signatures are not edited here.

const STATUSES = ['open', 'closed'] as const;
const PAGE_SIZE = 20;

function CloseButton({ group, disabled, onDone }: { group: GroupCardRow; disabled: boolean; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [open, setOpen] = React.useState(false);
  const confirm = async () => {
    try {
      await api.postJson(`/group-cards/${group.uuid}/close`);
      toggleNotification({
        type: 'success',
        message: formatMessage(
          { id: getTranslation('group-cards.closed-done'), defaultMessage: '“{title}” is closed to new signatures.' },
          { title: group.title },
        ),
      });
      onDone();
    } catch (error) {
      toggleNotification({
        type: 'danger',
        title: formatMessage({ id: getTranslation('group-cards.close-failed'), defaultMessage: 'Close failed' }),
        message: errorText(error),
      });
    } finally {
      setOpen(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button
          size="S"
          variant="danger-light"
          disabled={disabled}
          aria-label={formatMessage(
            { id: getTranslation('group-cards.close-label'), defaultMessage: 'Close group card “{title}”' },
            { title: group.title },
          )}
        >
          {formatMessage({ id: getTranslation('group-cards.close'), defaultMessage: 'Close' })}
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog
        title={formatMessage({ id: getTranslation('group-cards.close-title'), defaultMessage: 'Close group card' })}
        variant="danger"
        onConfirm={confirm}
      >
        {formatMessage(
          {
            id: getTranslation('group-cards.close-question'),
            defaultMessage: 'Close “{title}”? Nobody can sign it any more; the organiser can still send it.',
          },
          { title: group.title },
        )}
      </ConfirmDialog>
    </Dialog.Root>
  );
}

/** The list; the Close button is disabled for roles that may not manage deliveries (the server's rule). */
export function GroupCardsPage({ canClose }: { canClose: boolean }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [status, setStatus] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<Paged<GroupCardRow>>('/group-cards', {
    status,
    page,
    page_size: PAGE_SIZE,
  });

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={3} s={6} xs={12} direction="column" alignItems="stretch">
            <ChoiceFilter
              name="group-card-status"
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
          id: getTranslation('group-cards.load-failed'),
          defaultMessage: 'Could not load group cards',
        })}
        loadingText={formatMessage({
          id: getTranslation('group-cards.loading'),
          defaultMessage: 'Loading group cards…',
        })}
        emptyText={
          status
            ? formatMessage({
                id: getTranslation('group-cards.none-match'),
                defaultMessage: 'No group card matches this filter.',
              })
            : formatMessage({ id: getTranslation('group-cards.none'), defaultMessage: 'No group cards yet.' })
        }
        pager={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(data) => (
          <ScrollingTable
            label={formatMessage({ id: getTranslation('section.group-cards'), defaultMessage: 'Group cards' })}
          >
            <Table colCount={6} rowCount={data.results.length + 1} aria-busy={isLoading}>
              <Thead>
                <Tr>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.group-card'), defaultMessage: 'Group card' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.organiser'), defaultMessage: 'Organiser' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.signatures'), defaultMessage: 'Signatures' })}
                    </Typography>
                  </Th>
                  <Th>
                    <Typography variant="sigma">
                      {formatMessage({ id: getTranslation('column.deadline'), defaultMessage: 'Deadline' })}
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
                {data.results.map((group) => (
                  <Tr key={group.uuid}>
                    <Td style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                      <Flex direction="column" alignItems="flex-start">
                        <Typography fontWeight="bold">{group.title}</Typography>
                        <Typography variant="pi" textColor="neutral600">
                          {formatMessage(
                            { id: getTranslation('group-cards.for'), defaultMessage: 'For {name}' },
                            { name: group.recipient_name },
                          )}
                        </Typography>
                      </Flex>
                    </Td>
                    <Td style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                      <Typography>
                        {group.organiser ? group.organiser.email || group.organiser.username : '—'}
                      </Typography>
                    </Td>
                    <Td>
                      <StatusBadge status={group.status} />
                    </Td>
                    <Td>
                      <Typography>{group.signature_count}</Typography>
                    </Td>
                    <Td>
                      <Typography>{format.dateTime(group.deadline)}</Typography>
                    </Td>
                    <Td>
                      {group.status === 'open' ? (
                        <CloseButton group={group} disabled={!canClose} onDone={reload} />
                      ) : (
                        <Typography textColor="neutral600">
                          {formatMessage(
                            { id: getTranslation('group-cards.closed-at'), defaultMessage: 'Closed {when}' },
                            { when: format.dateTime(group.closed_at) },
                          )}
                        </Typography>
                      )}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </ScrollingTable>
        )}
      </ListStates>
    </Flex>
  );
}
