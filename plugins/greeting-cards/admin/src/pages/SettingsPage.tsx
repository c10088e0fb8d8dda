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
          subtitle="The effective configuration, secrets masked, and whether rendering and e-mail work"
        />
        <Layouts.Content>
          <SettingsView />
        </Layouts.Content>
      </Page.Main>
    </Page.Protect>
  );
};

export default SettingsPage;
