import { html } from '../web/html';
import { emailHtml } from './layout';

export interface SubmissionFailedEmailInput {
  deliveryId: number;
  orderUuid: string;
  provider: string;
  attempts: number;
  error: string;
  /** The admin panel's deliveries page, where the operator retries or cancels it. */
  adminUrl: string;
}

/** To the operator: a posted card could not be handed to the print provider, and will not be retried on its own. */
export function submissionFailedEmail(input: SubmissionFailedEmailInput) {
  const subject = `Posted card ${input.deliveryId} could not be sent to ${input.provider}`;
  const lines = [
    `Posted card ${input.deliveryId} (order ${input.orderUuid}) could not be submitted to ${input.provider} after ${input.attempts} attempt(s).`,
    `Last error: ${input.error}`,
    '',
    `Retry or cancel it on the deliveries page: ${input.adminUrl}`,
    '',
  ];
  const body = html`<h1 style="font-size:22px">A posted card failed</h1>
<p style="font-size:16px">Posted card ${String(input.deliveryId)} (order ${input.orderUuid}) could not be submitted to ${input.provider} after ${String(input.attempts)} attempt(s).</p>
<p style="font-size:16px">Last error: ${input.error}</p>
<p style="font-size:16px">Retry or cancel it on the <a href="${input.adminUrl}">deliveries page</a>.</p>`;
  return { subject, html: emailHtml(subject, body), text: lines.join('\n') };
}
