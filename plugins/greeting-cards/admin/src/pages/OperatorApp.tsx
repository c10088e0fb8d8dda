import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Box, Flex, Tabs } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { usePluginPermissions, type PluginPermissions } from '../hooks';
import { PLUGIN_PATH } from '../paths';
import { DeliveriesPage } from './DeliveriesPage';
import { GroupCardsPage } from './GroupCardsPage';
import { MessagesPage } from './MessagesPage';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';
import { PaymentIssuesPage } from './PaymentIssuesPage';
import { SettingsView } from './SettingsView';
import { AccountsPage } from './AccountsPage';
import { SummaryHeader } from './SummaryHeader';
import { getTranslation } from '../utils/getTranslation';

interface Section {
  id: string;
  name: MessageDescriptor;
  allowed: (p: PluginPermissions) => boolean;
}

// Orders and payments are read with orders.read; the deliveries list and its retry/cancel/resend need
// deliveries.manage; the settings view needs settings.read; group cards are listed with orders.read
// and closed with deliveries.manage; cards' video or voice messages are listed and removed with
// deliveries.manage; payment issues are marked resolved with payments.manage; accounts
// are found and deleted with accounts.delete. The server checks the same actions.
const SECTIONS: Section[] = [
  {
    id: 'orders',
    name: { id: getTranslation('section.orders'), defaultMessage: 'Orders' },
    allowed: (p) => p.canReadOrders,
  },
  {
    id: 'deliveries',
    name: { id: getTranslation('section.deliveries'), defaultMessage: 'Deliveries' },
    allowed: (p) => p.canManageDeliveries,
  },
  {
    id: 'payments',
    name: { id: getTranslation('section.payments'), defaultMessage: 'Payments needing attention' },
    allowed: (p) => p.canReadOrders,
  },
  {
    id: 'group-cards',
    name: { id: getTranslation('section.group-cards'), defaultMessage: 'Group cards' },
    allowed: (p) => p.canReadOrders,
  },
  {
    id: 'messages',
    name: { id: getTranslation('section.messages'), defaultMessage: 'Messages' },
    allowed: (p) => p.canManageDeliveries,
  },
  {
    id: 'accounts',
    name: { id: getTranslation('section.accounts'), defaultMessage: 'Accounts' },
    allowed: (p) => p.canDeleteAccounts,
  },
  {
    id: 'settings',
    name: { id: getTranslation('section.settings'), defaultMessage: 'Settings' },
    allowed: (p) => p.canReadSettings,
  },
];

function currentSection(pathname: string): string {
  const rest = pathname.split(`${PLUGIN_PATH}/`)[1] ?? '';
  return rest.split('/')[0] ?? '';
}

export function OperatorApp() {
  const { formatMessage } = useIntl();
  const permissions = usePluginPermissions();
  const location = useLocation();
  const navigate = useNavigate();
  if (permissions.isLoading) return <Page.Loading />;
  const sections = SECTIONS.filter((section) => section.allowed(permissions));
  if (sections.length === 0) return <Page.NoPermissions />;
  const active = currentSection(location.pathname) || sections[0].id;

  const content = (
    <Routes>
      <Route index element={<Navigate to={`${PLUGIN_PATH}/${sections[0].id}`} replace />} />
      {permissions.canReadOrders ? <Route path="orders" element={<OrdersPage />} /> : null}
      {permissions.canReadOrders ? (
        <Route path="orders/:uuid" element={<OrderDetailPage canManage={permissions.canManageDeliveries} />} />
      ) : null}
      {permissions.canManageDeliveries ? <Route path="deliveries" element={<DeliveriesPage />} /> : null}
      {permissions.canReadOrders ? (
        <Route path="payments" element={<PaymentIssuesPage canResolve={permissions.canManagePayments} />} />
      ) : null}
      {permissions.canReadOrders ? (
        <Route path="group-cards" element={<GroupCardsPage canClose={permissions.canManageDeliveries} />} />
      ) : null}
      {permissions.canManageDeliveries ? <Route path="messages" element={<MessagesPage />} /> : null}
      {permissions.canDeleteAccounts ? <Route path="accounts" element={<AccountsPage />} /> : null}
      {permissions.canReadSettings ? <Route path="settings" element={<SettingsView />} /> : null}
      <Route path="*" element={<Page.NoPermissions />} />
    </Routes>
  );

  return (
    <Page.Main>
      <Page.Title>{formatMessage({ id: getTranslation('plugin.name'), defaultMessage: 'Greeting cards' })}</Page.Title>
      <Layouts.Header
        title={formatMessage({ id: getTranslation('plugin.name'), defaultMessage: 'Greeting cards' })}
        subtitle={formatMessage({
          id: getTranslation('operator.subtitle'),
          defaultMessage: 'Orders, deliveries, payments and settings of the card shop',
        })}
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {permissions.canReadOrders ? <SummaryHeader /> : null}
          <Tabs.Root value={active} onValueChange={(value) => navigate(`${PLUGIN_PATH}/${value}`)} variant="simple">
            {/* Wrapping, so on a phone every section's tab stays readable (they were cut off at "SE…"). */}
            <Tabs.List
              style={{ flexWrap: 'wrap' }}
              aria-label={formatMessage({
                id: getTranslation('operator.sections'),
                defaultMessage: 'Greeting cards sections',
              })}
            >
              {sections.map((section) => (
                <Tabs.Trigger key={section.id} value={section.id}>
                  {formatMessage(section.name)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {sections.map((section) => (
              <Tabs.Content key={section.id} value={section.id}>
                <Box paddingTop={4}>{section.id === active ? content : null}</Box>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}

export default OperatorApp;
