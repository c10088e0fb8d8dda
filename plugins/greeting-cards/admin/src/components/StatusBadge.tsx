import { Status, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { codeWord } from './status-words';

type Variant = 'success' | 'danger' | 'warning' | 'neutral' | 'primary' | 'secondary';

const VARIANTS: Record<string, Variant> = {
  paid: 'success',
  fulfilled: 'success',
  sent: 'success',
  delivered: 'success',
  failed: 'danger',
  partially_refunded: 'warning',
  refunded: 'warning',
  needs_refund: 'warning',
  amount_mismatch: 'danger',
  session_mismatch: 'warning',
  pending_payment: 'secondary',
  scheduled: 'secondary',
  processing: 'primary',
  pending: 'primary',
  cancelled: 'neutral',
  cart: 'neutral',
  open: 'primary',
  closed: 'neutral',
  live: 'success',
  removed: 'danger',
};

/** A status as a coloured pill with its words (never colour alone). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { formatMessage } = useIntl();
  const variant = VARIANTS[status ?? ''] ?? 'neutral';
  return (
    <Status variant={variant} size="S">
      <Typography tag="span" variant="omega" fontWeight="bold">
        {codeWord(formatMessage, status)}
      </Typography>
    </Status>
  );
}
