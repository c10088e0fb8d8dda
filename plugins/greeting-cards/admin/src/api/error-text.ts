import * as React from 'react';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';
import { AdminApiError } from './client';

// A failed request in the admin user's language: the client's own words (no answer, 403, 404, another
// status) are translated here; a message the server wrote is shown as the server sent it.
const FALLBACKS = {
  forbidden: { id: getTranslation('error.forbidden'), defaultMessage: 'Your role does not allow this.' },
  'not-found': { id: getTranslation('error.not-found'), defaultMessage: 'Not found.' },
  status: { id: getTranslation('error.status'), defaultMessage: 'The server answered {status}.' },
  unreachable: { id: getTranslation('error.unreachable'), defaultMessage: 'The server could not be reached.' },
};

export function useErrorText(): (error: unknown) => string {
  const { formatMessage } = useIntl();
  return React.useCallback(
    (error: unknown) => {
      if (error instanceof AdminApiError) {
        return error.fallback ? formatMessage(FALLBACKS[error.fallback], { status: error.status }) : error.message;
      }
      return formatMessage(FALLBACKS.unreachable);
    },
    [formatMessage],
  );
}
