import * as React from 'react';
import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  Table,
  Tbody,
  Td,
  TextInput,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { ConfirmDialog, useNotification } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { AdminApiError, useAdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import type { AdminAccount } from '../api/types';
import { Empty, ErrorNotice, Loading } from '../components/Feedback';
import { useFormat } from '../format';
import { ScrollingTable } from '../components/ScrollingTable';
import { getTranslation } from '../utils/getTranslation';

// Accounts (issue 42): an operator deletes a shopper's account when the request came by e-mail. The
// account is found by its exact e-mail address or username (no browsing), and deleted after a confirm
// dialog that says what is removed and what is kept (docs/accounts.md). The server checks
// accounts.delete for both the look-up and the deletion.

function DeleteButton({ account, onDone }: { account: AdminAccount; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [open, setOpen] = React.useState(false);
  const confirm = async () => {
    try {
      await api.postJson(`/accounts/${account.id}/delete`);
      toggleNotification({
        type: 'success',
        message: formatMessage(
          { id: getTranslation('accounts.deleted-done'), defaultMessage: 'The account of {email} is deleted.' },
          { email: account.email },
        ),
      });
      onDone();
    } catch (error) {
      toggleNotification({
        type: 'danger',
        title: formatMessage({ id: getTranslation('accounts.delete-failed'), defaultMessage: 'Deletion failed' }),
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
          aria-label={formatMessage(
            { id: getTranslation('accounts.delete-label'), defaultMessage: 'Delete the account of {email}' },
            { email: account.email },
          )}
        >
          {formatMessage({ id: getTranslation('accounts.delete'), defaultMessage: 'Delete account' })}
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog
        title={formatMessage({ id: getTranslation('accounts.delete-title'), defaultMessage: 'Delete this account?' })}
        variant="danger"
        onConfirm={confirm}
      >
        {formatMessage(
          {
            id: getTranslation('accounts.delete-question'),
            defaultMessage:
              'Delete the account of {email} for good? Its cards, photos, address book and reminders are removed, cards not sent yet are cancelled and refunded, and live subscriptions are cancelled. Orders and payments are kept for the accounts with the personal details removed. This cannot be undone.',
          },
          { email: account.email },
        )}
      </ConfirmDialog>
    </Dialog.Root>
  );
}

export function AccountsPage() {
  const api = useAdminApi();
  const { formatMessage } = useIntl();
  const format = useFormat();
  const [text, setText] = React.useState('');
  const [searched, setSearched] = React.useState('');
  const [results, setResults] = React.useState<AdminAccount[] | null>(null);
  const [error, setError] = React.useState<AdminApiError | null>(null);
  const [busy, setBusy] = React.useState(false);

  const find = React.useCallback(
    async (q: string) => {
      setBusy(true);
      setError(null);
      try {
        const data = await api.getJson<{ results: AdminAccount[] }>('/accounts', { q });
        setResults(data.results);
        setSearched(q);
      } catch (e) {
        setError(e instanceof AdminApiError ? e : new AdminApiError(String(e), 0, {}, 'unreachable'));
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  const deletionWord = (a: AdminAccount) =>
    a.deletion?.status === 'done'
      ? formatMessage({ id: getTranslation('accounts.state-deleted'), defaultMessage: 'Deleted' })
      : a.deletion
        ? formatMessage({ id: getTranslation('accounts.state-deleting'), defaultMessage: 'Being deleted' })
        : a.blocked
          ? formatMessage({ id: getTranslation('accounts.state-blocked'), defaultMessage: 'Blocked' })
          : formatMessage({ id: getTranslation('accounts.state-active'), defaultMessage: 'Active' });

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Typography textColor="neutral600" tag="p">
        {formatMessage({
          id: getTranslation('accounts.intro'),
          defaultMessage:
            'Delete a shopper’s account when they ask by e-mail. Find it by the exact e-mail address or username; check that the request came from that address first.',
        })}
      </Typography>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) void find(text.trim());
        }}
      >
        <Flex gap={2} alignItems="flex-end">
          <Box style={{ flex: 1, maxWidth: 480 }}>
            <Field.Root name="q" id="gc-accounts-q">
              <Field.Label>
                {formatMessage({
                  id: getTranslation('accounts.search-label'),
                  defaultMessage: 'E-mail address or username',
                })}
              </Field.Label>
              <TextInput
                type="search"
                autoComplete="off"
                value={text}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
              />
            </Field.Root>
          </Box>
          <Button type="submit" loading={busy} disabled={!text.trim()}>
            {formatMessage({ id: getTranslation('accounts.search'), defaultMessage: 'Find account' })}
          </Button>
        </Flex>
      </form>
      {error ? (
        <ErrorNotice
          error={error}
          text={formatMessage({
            id: getTranslation('accounts.load-failed'),
            defaultMessage: 'Could not look the account up',
          })}
        />
      ) : null}
      {busy && !results ? (
        <Loading
          text={formatMessage({ id: getTranslation('accounts.loading'), defaultMessage: 'Looking the account up…' })}
        />
      ) : null}
      {results && results.length === 0 ? (
        <Empty
          content={formatMessage(
            {
              id: getTranslation('accounts.none'),
              defaultMessage: 'No account has the e-mail address or username “{q}”.',
            },
            { q: searched },
          )}
        />
      ) : null}
      {results && results.length > 0 ? (
        <ScrollingTable label={formatMessage({ id: getTranslation('section.accounts'), defaultMessage: 'Accounts' })}>
          <Table colCount={7} rowCount={results.length + 1}>
            <Thead>
              <Tr>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({ id: getTranslation('accounts.column-email'), defaultMessage: 'E-mail' })}
                  </Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({ id: getTranslation('accounts.column-username'), defaultMessage: 'Username' })}
                  </Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({ id: getTranslation('accounts.column-since'), defaultMessage: 'Since' })}
                  </Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({ id: getTranslation('accounts.column-orders'), defaultMessage: 'Orders' })}
                  </Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({
                      id: getTranslation('accounts.column-subscriptions'),
                      defaultMessage: 'Live subscriptions',
                    })}
                  </Typography>
                </Th>
                <Th>
                  <Typography variant="sigma">
                    {formatMessage({ id: getTranslation('column.status'), defaultMessage: 'Status' })}
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
              {results.map((account) => (
                <Tr key={account.id}>
                  <Td>
                    <Typography>{account.email}</Typography>
                  </Td>
                  <Td>
                    <Typography>
                      {account.username}
                      {account.provider !== 'local' ? ` (${account.provider})` : ''}
                    </Typography>
                  </Td>
                  <Td>
                    <Typography>{format.dateTime(account.created_at)}</Typography>
                  </Td>
                  <Td>
                    <Typography>{format.number(account.orders)}</Typography>
                  </Td>
                  <Td>
                    <Typography>{format.number(account.live_subscriptions)}</Typography>
                  </Td>
                  <Td>
                    <Typography>{deletionWord(account)}</Typography>
                  </Td>
                  <Td>
                    {account.deletion?.status === 'done' ? null : (
                      <DeleteButton account={account} onDone={() => void find(searched)} />
                    )}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        </ScrollingTable>
      ) : null}
    </Flex>
  );
}
