import { Box, Typography } from '@strapi/design-system';
import { Layouts } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';

import { getTranslation } from '../utils/getTranslation';

// Placeholder until the settings view (shop settings, e-mail and renderer health) is built.
const SettingsPage = () => {
  const { formatMessage } = useIntl();

  return (
    <Layouts.Root>
      <Layouts.Header
        title={formatMessage({ id: getTranslation('settings.title'), defaultMessage: 'Greeting cards settings' })}
      />
      <Layouts.Content>
        <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
          <Typography tag="p" data-testid="greeting-cards-settings">
            {formatMessage({
              id: getTranslation('settings.placeholder'),
              defaultMessage:
                "The shop's settings and the health of its e-mail and PDF rendering will be shown here.",
            })}
          </Typography>
        </Box>
      </Layouts.Content>
    </Layouts.Root>
  );
};

export default SettingsPage;
