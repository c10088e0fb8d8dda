import type { Mailer, MailMessage, SentMail } from './types';

/** Test double: keeps messages in memory; `failNext(n)` makes the next n sends throw. */
export function createMemoryMailer() {
  const sent: MailMessage[] = [];
  let failures = 0;
  const mailer: Mailer & { sent: MailMessage[]; failNext(n: number): void } = {
    sent,
    failNext(n: number) {
      failures = n;
    },
    async send(message: MailMessage): Promise<SentMail> {
      if (failures > 0) {
        failures -= 1;
        throw new Error('memory mailer: simulated failure');
      }
      sent.push(message);
      return { messageId: `<memory-${sent.length}@greeting-cards>` };
    },
  };
  return mailer;
}
