import { SMTPServer } from 'smtp-server';
import { simpleParser, ParsedMail } from 'mailparser';
import net from 'net';

export interface SmtpCapture {
  port: number;
  /** Environment variables that point the app's e-mail at this server. */
  env: Record<string, string>;
  messages: ParsedMail[];
  /** Errors of client connections (a sender that died mid-session), which the server outlives. */
  connectionErrors: Error[];
  /** Resolves once `count` messages matching `match` arrived; rejects after `timeoutMs`. */
  waitFor(match: (m: ParsedMail) => boolean, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Stops listening (the port stays reserved for start()). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /**
   * From the `after`-th message matching `match` on (counted from now), takes each such message in full but neither answers nor
   * keeps it until release(), as a slow server would: every sender is left in the middle of a send, holding
   * what it claimed. On release, a message whose sender has gone is dropped (a transaction the server never
   * acknowledged): one whose connection was seen to close, or one `gone` names (a killed sender's socket
   * may not have been seen closing yet); the others are kept and answered.
   */
  holdAfter(after: number, match: (m: ParsedMail) => boolean): { release(gone?: (m: ParsedMail) => boolean): void };
}

/** A port nothing listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface SmtpOptions {
  /**
   * Refuses a recipient at RCPT TO, as a real server refuses an unknown mailbox: the returned text goes
   * back with code 550 (null accepts). Asked on every message, so a test can change its mind.
   */
  rejectRecipient?: (address: string) => string | null;
}

/** A real SMTP server on 127.0.0.1 that parses every message it receives. */
export async function startSmtpCapture(options: SmtpOptions = {}): Promise<SmtpCapture> {
  const port = await freePort();
  const messages: ParsedMail[] = [];
  const connectionErrors: Error[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | null = null;
  let hold: { left: number; match: (m: ParsedMail) => boolean } | null = null;
  const held: Array<{ parsed: ParsedMail; session: string; answer: () => void }> = [];
  const closedSessions = new Set<string>();

  const makeServer = () =>
    new SMTPServer({
      // A stopped server is down at once, as a crashed one would be: pooled client connections are cut
      // after 200 ms instead of being served for smtp-server's default 30 s grace period.
      closeTimeout: 200,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = options.rejectRecipient?.(address.address) ?? null;
        if (!refusal) return callback();
        const error = new Error(refusal) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      },
      onClose(session) {
        closedSessions.add(session.id);
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (hold?.match(parsed) && hold.left-- <= 0) {
              held.push({ parsed, session: session.id, answer: () => callback() });
              return;
            }
            messages.push(parsed);
            for (const w of waiters) w();
            callback();
          })
          .catch(callback);
      },
    });

  const capture: SmtpCapture = {
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SMTP_TIMEOUT_MS: '2000' },
    messages,
    connectionErrors,
    async start() {
      const starting = makeServer();
      server = starting;
      await new Promise<void>((resolve, reject) => {
        starting.once('error', reject);
        starting.listen(port, '127.0.0.1', () => {
          starting.off('error', reject);
          // smtp-server reports a client's connection errors on the server: a sender killed mid-session
          // (the fault tests kill workers that are sending) resets its socket. A mail server carries on;
          // unheard, the error would be thrown into whichever test file is running.
          starting.on('error', (error: Error) => connectionErrors.push(error));
          resolve();
        });
      });
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    holdAfter(after, match) {
      hold = { left: after, match };
      return {
        release(gone = () => false) {
          hold = null;
          for (const { parsed, session, answer } of held.splice(0)) {
            if (closedSessions.has(session) || gone(parsed)) continue;
            messages.push(parsed);
            answer();
          }
          for (const w of waiters) w();
        },
      };
    },
    waitFor(match, count = 1, timeoutMs = 15000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(match);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${count} e-mail(s); have ${messages.length}: ${messages.map((m) => m.subject).join(', ')}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
  await capture.start();
  return capture;
}
