import { html } from '../../../platform/web/html';
import { emailText, type EmailLanguage } from '../../../platform/email/layout';

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
  const { t, frame } = emailText(lang);
  const vars = { id: input.deliveryId, order: input.orderUuid, provider: input.provider, attempts: input.attempts };
  const subject = t('email.failed.subject', vars);
  const failed = t('email.failed.body', vars);
  const lastError = t('email.failed.last-error', { error: input.error });
  const lines = [failed, lastError, '', t('email.failed.retry-text', { url: input.adminUrl }), ''];
  const body = html`<h1 style="font-size:22px">${t('email.failed.heading')}</h1>
<p style="font-size:16px">${failed}</p>
<p style="font-size:16px">${lastError}</p>
<p style="font-size:16px">${t('email.failed.retry-before')} <a href="${input.adminUrl}">${t('email.failed.retry-link')}</a>.</p>`;
  return { subject, html: frame(subject, body), text: lines.join('\n') };
}
