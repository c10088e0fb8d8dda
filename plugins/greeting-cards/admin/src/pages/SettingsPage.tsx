import { Layouts, Page } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';

import { SETTINGS_READ } from '../permissions';
import { getTranslation } from '../utils/getTranslation';
import { SettingsView } from './SettingsView';

// Settings > Greeting cards: the same view as the plugin page's Settings tab, for those who look there.
const SettingsPage = () => {
  const { formatMessage } = useIntl();

  return (
    <Page.Protect permissions={SETTINGS_READ}>
      <Page.Main>
        <Layouts.Header
          title={formatMessage({ id: getTranslation('settings.title'), defaultMessage: 'Greeting cards settings' })}
          subtitle={formatMessage({
            id: getTranslation('settings.subtitle'),
            defaultMessage:
              'Prices, brand, reminders and delivery options editors may change; the rest of the configuration, secrets masked; whether rendering and e-mail work',
          })}
        />
        <Layouts.Content>
          <SettingsView />
        </Layouts.Content>
      </Page.Main>
    </Page.Protect>
  );
};

export default SettingsPage;
