import * as React from 'react';
import { Box, Button, Dialog, Flex, Grid, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { ConfirmDialog, useNotification } from '@strapi/strapi/admin';
import { AdminApiError, useAdminApi } from '../api/client';
import { useResource } from '../api/use-resource';
import type { GroupCardRow, Paged } from '../api/types';
import { ChoiceFilter } from '../components/Filters';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { Pager } from '../components/Pager';
import { StatusBadge } from '../components/StatusBadge';
import { dateTime } from '../format';

// Group cards (issue 23) as operators see them: organiser, status, how many signed, the deadline. An
// operator may close one (a complaint, abuse): signing then stops. Signatures are not edited here.

const STATUSES = ['open', 'closed'] as const;
const PAGE_SIZE = 20;

function CloseButton({ group, disabled, onDone }: { group: GroupCardRow; disabled: boolean; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const [open, setOpen] = React.useState(false);
  const confirm = async () => {
    try {
      await api.postJson(`/group-cards/${group.uuid}/close`);
      toggleNotification({ type: 'success', message: `“${group.title}” is closed to new signatures.` });
      onDone();
    } catch (error) {
      const message = error instanceof AdminApiError ? error.message : 'The server could not be reached.';
      toggleNotification({ type: 'danger', title: 'Close failed', message });
    } finally {
      setOpen(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="S" variant="danger-light" disabled={disabled} aria-label={`Close group card “${group.title}”`}>
          Close
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog title="Close group card" variant="danger" onConfirm={confirm}>
        {`Close “${group.title}”? Nobody can sign it any more; the organiser can still send it.`}
      </ConfirmDialog>
    </Dialog.Root>
  );
}

/** The list; the Close button is disabled for roles that may not manage deliveries (the server's rule). */
export function GroupCardsPage({ canClose }: { canClose: boolean }) {
  const [status, setStatus] = React.useState('');
  const [page, setPage] = React.useState(1);
  const { data, error, isLoading, reload } = useResource<Paged<GroupCardRow>>('/group-cards', { status, page, page_size: PAGE_SIZE });

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box background="neutral0" hasRadius shadow="tableShadow" padding={4}>
        <Grid.Root gap={4}>
          <Grid.Item col={3} s={6} direction="column" alignItems="stretch">
            <ChoiceFilter name="group-card-status" text="Status" value={status} choices={STATUSES} onChange={(value) => { setStatus(value); setPage(1); }} />
          </Grid.Item>
        </Grid.Root>
      </Box>
      {error ? <ErrorNotice error={error} what="group cards" /> : null}
      {!data && isLoading ? <Loading what="group cards" /> : null}
      {data && data.count === 0 ? <Empty content={status ? 'No group card matches this filter.' : 'No group cards yet.'} /> : null}
      {data && data.count > 0 ? (
        <>
          <Table colCount={6} rowCount={data.results.length + 1} aria-busy={isLoading}>
            <Thead>
              <Tr>
                <Th><Typography variant="sigma">Group card</Typography></Th>
                <Th><Typography variant="sigma">Organiser</Typography></Th>
                <Th><Typography variant="sigma">Status</Typography></Th>
                <Th><Typography variant="sigma">Signatures</Typography></Th>
                <Th><Typography variant="sigma">Deadline</Typography></Th>
                <Th><Typography variant="sigma">Actions</Typography></Th>
              </Tr>
            </Thead>
            <Tbody>
              {data.results.map((group) => (
                <Tr key={group.uuid}>
                  <Td style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                    <Flex direction="column" alignItems="flex-start">
                      <Typography fontWeight="bold">{group.title}</Typography>
                      <Typography variant="pi" textColor="neutral600">{`For ${group.recipient_name}`}</Typography>
                    </Flex>
                  </Td>
                  <Td style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    <Typography>{group.organiser ? group.organiser.email || group.organiser.username : '—'}</Typography>
                  </Td>
                  <Td><StatusBadge status={group.status} /></Td>
                  <Td><Typography>{group.signature_count}</Typography></Td>
                  <Td><Typography>{dateTime(group.deadline)}</Typography></Td>
                  <Td>{group.status === 'open' ? <CloseButton group={group} disabled={!canClose} onDone={reload} /> : <Typography textColor="neutral600">{`Closed ${dateTime(group.closed_at)}`}</Typography>}</Td>
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
