import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Box, Flex, Tabs } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { usePluginPermissions, type PluginPermissions } from '../hooks';
import { PLUGIN_PATH } from '../paths';
import { DeliveriesPage } from './DeliveriesPage';
import { GroupCardsPage } from './GroupCardsPage';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';
import { PaymentIssuesPage } from './PaymentIssuesPage';
import { SettingsView } from './SettingsView';
import { SummaryHeader } from './SummaryHeader';

interface Section {
  id: string;
  name: string;
  allowed: (p: PluginPermissions) => boolean;
}

// Orders and payments are read with orders.read; the deliveries list and its retry/cancel/resend need
// deliveries.manage; the settings view needs settings.read; group cards are listed with orders.read
// and closed with deliveries.manage; payment issues are marked resolved with payments.manage. The server
// checks the same actions.
const SECTIONS: Section[] = [
  { id: 'orders', name: 'Orders', allowed: (p) => p.canReadOrders },
  { id: 'deliveries', name: 'Deliveries', allowed: (p) => p.canManageDeliveries },
  { id: 'payments', name: 'Payments needing attention', allowed: (p) => p.canReadOrders },
  { id: 'group-cards', name: 'Group cards', allowed: (p) => p.canReadOrders },
  { id: 'settings', name: 'Settings', allowed: (p) => p.canReadSettings },
];

function currentSection(pathname: string): string {
  const rest = pathname.split(`${PLUGIN_PATH}/`)[1] ?? '';
  return rest.split('/')[0] ?? '';
}

export function OperatorApp() {
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
      {permissions.canReadOrders ? <Route path="orders/:uuid" element={<OrderDetailPage canManage={permissions.canManageDeliveries} />} /> : null}
      {permissions.canManageDeliveries ? <Route path="deliveries" element={<DeliveriesPage />} /> : null}
      {permissions.canReadOrders ? <Route path="payments" element={<PaymentIssuesPage canResolve={permissions.canManagePayments} />} /> : null}
      {permissions.canReadOrders ? <Route path="group-cards" element={<GroupCardsPage canClose={permissions.canManageDeliveries} />} /> : null}
      {permissions.canReadSettings ? <Route path="settings" element={<SettingsView />} /> : null}
      <Route path="*" element={<Page.NoPermissions />} />
    </Routes>
  );

  return (
    <Page.Main>
      <Page.Title>Greeting cards</Page.Title>
      <Layouts.Header title="Greeting cards" subtitle="Orders, deliveries, payments and settings of the card shop" />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {permissions.canReadOrders ? <SummaryHeader /> : null}
          <Tabs.Root value={active} onValueChange={(value) => navigate(`${PLUGIN_PATH}/${value}`)} variant="simple">
            <Tabs.List aria-label="Greeting cards sections">
              {sections.map((section) => (
                <Tabs.Trigger key={section.id} value={section.id}>
                  {section.name}
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
