import * as React from 'react';
import { Button, Dialog, Flex } from '@strapi/design-system';
import { ConfirmDialog, useNotification } from '@strapi/strapi/admin';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useAdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import type { DeliveryRow } from '../api/types';
import { getTranslation } from '../utils/getTranslation';

type Action = 'retry' | 'cancel' | 'resend' | 'reprint' | 'refund-shipping';

type Wording = Record<'button' | 'title' | 'label' | 'question' | 'done' | 'failed', MessageDescriptor>;

// Written out whole, each id a literal string with its English beside it: that is what
// tests/unit/admin-translations.test.ts reads to check the catalogues (ids built from the action's name
// would hide them from it).
const WORDING: Record<Action, Wording> = {
  retry: {
    button: { id: getTranslation('delivery.retry.button'), defaultMessage: 'Retry' },
    title: { id: getTranslation('delivery.retry.title'), defaultMessage: 'Retry delivery' },
    label: {
      id: getTranslation('delivery.retry.label'),
      defaultMessage: 'Retry delivery {id}{to, select, none {} other { to {to}}}',
    },
    question: { id: getTranslation('delivery.retry.question'), defaultMessage: 'Send this delivery again now?' },
    done: { id: getTranslation('delivery.retry.done'), defaultMessage: 'The delivery was queued again.' },
    failed: { id: getTranslation('delivery.retry.failed'), defaultMessage: 'Retry failed' },
  },
  cancel: {
    button: { id: getTranslation('delivery.cancel.button'), defaultMessage: 'Cancel' },
    title: { id: getTranslation('delivery.cancel.title'), defaultMessage: 'Cancel delivery' },
    label: {
      id: getTranslation('delivery.cancel.label'),
      defaultMessage: 'Cancel delivery {id}{to, select, none {} other { to {to}}}',
    },
    question: {
      id: getTranslation('delivery.cancel.question'),
      defaultMessage: 'Cancel this delivery? The card will not be sent.',
    },
    done: { id: getTranslation('delivery.cancel.done'), defaultMessage: 'The delivery was cancelled.' },
    failed: { id: getTranslation('delivery.cancel.failed'), defaultMessage: 'Cancel failed' },
  },
  resend: {
    button: { id: getTranslation('delivery.resend.button'), defaultMessage: 'Resend' },
    title: { id: getTranslation('delivery.resend.title'), defaultMessage: 'Resend delivery' },
    label: {
      id: getTranslation('delivery.resend.label'),
      defaultMessage: 'Resend delivery {id}{to, select, none {} other { to {to}}}',
    },
    question: {
      id: getTranslation('delivery.resend.question'),
      defaultMessage: 'Send this e-card to the recipient again?',
    },
    done: { id: getTranslation('delivery.resend.done'), defaultMessage: 'The e-card was sent again.' },
    failed: { id: getTranslation('delivery.resend.failed'), defaultMessage: 'Resend failed' },
  },
  reprint: {
    button: { id: getTranslation('delivery.reprint.button'), defaultMessage: 'Reprint and resend' },
    title: { id: getTranslation('delivery.reprint.title'), defaultMessage: 'Reprint and resend' },
    label: {
      id: getTranslation('delivery.reprint.label'),
      defaultMessage: 'Reprint and resend delivery {id}{to, select, none {} other { to {to}}}',
    },
    question: {
      id: getTranslation('delivery.reprint.question'),
      defaultMessage:
        'Print this late card again and post it as a new order with the print provider? The buyer is told by e-mail.',
    },
    done: { id: getTranslation('delivery.reprint.done'), defaultMessage: 'The card is being printed again.' },
    failed: { id: getTranslation('delivery.reprint.failed'), defaultMessage: 'Reprint failed' },
  },
  'refund-shipping': {
    button: { id: getTranslation('delivery.refund-shipping.button'), defaultMessage: 'Refund shipping' },
    title: { id: getTranslation('delivery.refund-shipping.title'), defaultMessage: 'Refund the shipping' },
    label: {
      id: getTranslation('delivery.refund-shipping.label'),
      defaultMessage: 'Refund the shipping of delivery {id}{to, select, none {} other { to {to}}}',
    },
    question: {
      id: getTranslation('delivery.refund-shipping.question'),
      defaultMessage: "Refund what the buyer paid for this late card's shipping? The buyer is told by e-mail.",
    },
    done: { id: getTranslation('delivery.refund-shipping.done'), defaultMessage: 'The shipping was refunded.' },
    failed: { id: getTranslation('delivery.refund-shipping.failed'), defaultMessage: 'Refund failed' },
  },
};

/** Which actions make sense for a delivery; the server has the last word (409 with a reason). */
export function actionsFor(
  delivery: Pick<DeliveryRow, 'status' | 'method' | 'postal_status' | 'late_at' | 'late_remedy' | 'shipping_pence'>,
): Action[] {
  const actions: Action[] = [];
  // A late posted card: one remedy, chosen once (the server refuses a second).
  if (delivery.method === 'post' && delivery.late_at && !delivery.late_remedy) {
    const delivered = delivery.status === 'delivered' || delivery.postal_status === 'delivered';
    if (!delivered && (delivery.status === 'processing' || delivery.status === 'sent')) actions.push('reprint');
    if ((delivery.shipping_pence ?? 0) > 0) actions.push('refund-shipping');
  }
  if (delivery.status === 'failed') actions.push('retry');
  if (delivery.status === 'scheduled' || delivery.status === 'pending') actions.push('cancel');
  // A posted card at the print provider until production starts; the provider decides (409 otherwise).
  if (
    delivery.method === 'post' &&
    delivery.status === 'processing' &&
    (!delivery.postal_status || delivery.postal_status === 'accepted')
  )
    actions.push('cancel');
  if (delivery.method === 'ecard' && (delivery.status === 'sent' || delivery.status === 'delivered'))
    actions.push('resend');
  return actions;
}

function ActionButton({
  delivery,
  action,
  disabled,
  onDone,
}: {
  delivery: Pick<DeliveryRow, 'id' | 'recipient_name'>;
  action: Action;
  disabled: boolean;
  onDone: () => void;
}) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [open, setOpen] = React.useState(false);
  const wording = WORDING[action];
  const confirm = async () => {
    try {
      await api.postJson(`/deliveries/${delivery.id}/${action}`);
      toggleNotification({ type: 'success', message: formatMessage(wording.done) });
      onDone();
    } catch (error) {
      toggleNotification({ type: 'danger', title: formatMessage(wording.failed), message: errorText(error) });
    } finally {
      setOpen(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button
          size="S"
          variant={action === 'cancel' || action === 'refund-shipping' ? 'danger-light' : 'secondary'}
          disabled={disabled}
          aria-label={formatMessage(wording.label, { id: delivery.id, to: delivery.recipient_name || 'none' })}
        >
          {formatMessage(wording.button)}
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog
        title={formatMessage(wording.title)}
        variant={action === 'cancel' ? 'danger' : 'default'}
        onConfirm={confirm}
      >
        {formatMessage(wording.question)}
      </ConfirmDialog>
    </Dialog.Root>
  );
}

/** Retry / Cancel / Resend / Reprint / Refund shipping with a confirmation and a notification; disabled for roles without the right. */
export function DeliveryActions({
  delivery,
  canManage,
  onDone,
}: {
  delivery: Pick<
    DeliveryRow,
    'id' | 'status' | 'method' | 'recipient_name' | 'postal_status' | 'late_at' | 'late_remedy' | 'shipping_pence'
  >;
  canManage: boolean;
  onDone: () => void;
}) {
  const actions = actionsFor(delivery);
  if (actions.length === 0) return null;
  return (
    <Flex gap={2}>
      {actions.map((action) => (
        <ActionButton key={action} delivery={delivery} action={action} disabled={!canManage} onDone={onDone} />
      ))}
    </Flex>
  );
}
