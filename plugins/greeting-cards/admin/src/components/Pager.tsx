import { Button, Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useFormat } from '../format';
import { getTranslation } from '../utils/getTranslation';

/** Previous / next for a {count, results} list; plain buttons so the keyboard reaches them. */
export function Pager({
  page,
  pageSize,
  count,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <Flex justifyContent="space-between" paddingTop={4}>
      <Button variant="tertiary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {formatMessage({ id: getTranslation('pager.previous'), defaultMessage: 'Previous page' })}
      </Button>
      <Typography variant="pi" textColor="neutral600">
        {formatMessage(
          { id: getTranslation('pager.position'), defaultMessage: 'Page {page} of {pages} ({count} in all)' },
          { page: format.number(page), pages: format.number(pages), count: format.number(count) },
        )}
      </Typography>
      <Button variant="tertiary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {formatMessage({ id: getTranslation('pager.next'), defaultMessage: 'Next page' })}
      </Button>
    </Flex>
  );
}
