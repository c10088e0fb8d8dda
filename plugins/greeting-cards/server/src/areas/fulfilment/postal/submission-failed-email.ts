import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { renderEmail } from '../../../platform/email/views';

export interface SubmissionFailedEmailInput {
  deliveryId: number;
  orderUuid: string;
  provider: string;
  attempts: number;
  error: string;
  /** The admin panel's deliveries page, where the operator retries or cancels it. */
  adminUrl: string;
}

/**
 * To the operator: a posted card could not be handed to the print provider, and will not be retried
 * on its own. The operator has no shop language of their own: the default, unless the caller says.
 */
export function submissionFailedEmail(input: SubmissionFailedEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  // The delivery as the messages name it: {id}, {order}, {provider}, {attempts}.
  const delivery = { id: input.deliveryId, order: input.orderUuid, provider: input.provider, attempts: input.attempts };
  return renderEmail(
    'submission-failed',
    text.t('email.failed.subject', delivery),
    { delivery, error: input.error, adminUrl: input.adminUrl },
    text,
  );
}
