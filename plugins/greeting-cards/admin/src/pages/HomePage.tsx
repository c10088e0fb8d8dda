import { Box, Typography } from '@strapi/design-system';
import { Layouts } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';

import { getTranslation } from '../utils/getTranslation';

// Placeholder until the admin pages (orders, deliveries, designs, promotions) are built.
export const HomePage = () => {
  const { formatMessage } = useIntl();

  return (
    <Layouts.Root>
      <Layouts.Header title={formatMessage({ id: getTranslation('home.title'), defaultMessage: 'Greeting cards' })} />
      <Layouts.Content>
        <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
          <Typography tag="p" data-testid="greeting-cards-home">
            {formatMessage({
              id: getTranslation('home.placeholder'),
              defaultMessage:
                "Orders, deliveries, designs and promotions will be managed here. Until then, use the Content Manager for the plugin's collections.",
            })}
          </Typography>
        </Box>
      </Layouts.Content>
    </Layouts.Root>
  );
};
