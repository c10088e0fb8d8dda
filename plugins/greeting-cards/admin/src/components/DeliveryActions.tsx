import * as React from 'react';
import { Button, Dialog, Flex } from '@strapi/design-system';
import { ConfirmDialog, useNotification } from '@strapi/strapi/admin';
import { AdminApiError, useAdminApi } from '../api/client';
import type { DeliveryRow } from '../api/types';

type Action = 'retry' | 'cancel' | 'resend';

const WORDING: Record<Action, { button: string; question: string; done: string }> = {
  retry: { button: 'Retry', question: 'Send this delivery again now?', done: 'The delivery was queued again.' },
  cancel: { button: 'Cancel', question: 'Cancel this delivery? The card will not be sent.', done: 'The delivery was cancelled.' },
  resend: { button: 'Resend', question: 'Send this e-card to the recipient again?', done: 'The e-card was sent again.' },
};

/** Which actions make sense for a delivery; the server has the last word (409 with a reason). */
export function actionsFor(delivery: Pick<DeliveryRow, 'status' | 'method' | 'postal_status'>): Action[] {
  const actions: Action[] = [];
  if (delivery.status === 'failed') actions.push('retry');
  if (delivery.status === 'scheduled' || delivery.status === 'pending') actions.push('cancel');
  // A posted card at the print provider until production starts; the provider decides (409 otherwise).
  if (delivery.method === 'post' && delivery.status === 'processing' && (!delivery.postal_status || delivery.postal_status === 'accepted')) actions.push('cancel');
  if (delivery.method === 'ecard' && (delivery.status === 'sent' || delivery.status === 'delivered')) actions.push('resend');
  return actions;
}

function ActionButton({ delivery, action, disabled, onDone }: { delivery: Pick<DeliveryRow, 'id' | 'recipient_name'>; action: Action; disabled: boolean; onDone: () => void }) {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const [open, setOpen] = React.useState(false);
  const wording = WORDING[action];
  const confirm = async () => {
    try {
      await api.postJson(`/deliveries/${delivery.id}/${action}`);
      toggleNotification({ type: 'success', message: wording.done });
      onDone();
    } catch (error) {
      const message = error instanceof AdminApiError ? error.message : 'The server could not be reached.';
      toggleNotification({ type: 'danger', title: `${wording.button} failed`, message });
    } finally {
      setOpen(false);
    }
  };
  const who = delivery.recipient_name ? ` to ${delivery.recipient_name}` : '';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button
          size="S"
          variant={action === 'cancel' ? 'danger-light' : 'secondary'}
          disabled={disabled}
          aria-label={`${wording.button} delivery ${delivery.id}${who}`}
        >
          {wording.button}
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog
        title={`${wording.button} delivery`}
        variant={action === 'cancel' ? 'danger' : 'default'}
        onConfirm={confirm}
      >
        {wording.question}
      </ConfirmDialog>
    </Dialog.Root>
  );
}

/** Retry / Cancel / Resend with a confirmation and a notification; disabled for roles without the right. */
export function DeliveryActions({ delivery, canManage, onDone }: { delivery: Pick<DeliveryRow, 'id' | 'status' | 'method' | 'recipient_name'>; canManage: boolean; onDone: () => void }) {
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
