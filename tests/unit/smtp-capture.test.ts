import net from 'net';
import { startSmtpCapture } from '../helpers/smtp';

// The tests' SMTP server outlives a sender that dies mid-session: the fault tests kill workers while
// they send, and smtp-server reports the reset connection as an 'error' on the server, which, unheard,
// was thrown into whichever test file was running ("read ECONNRESET", the suite failed).
/** One message over its own connection, as a plain SMTP client; resolves on the server's answer to it. */
function sendOne(port: number, subject: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const steps = [
      'EHLO sender.example.test',
      'MAIL FROM:<cards@example.test>',
      'RCPT TO:<reader@example.test>',
      'DATA',
      `Subject: ${subject}\r\n\r\n${subject}\r\n.`,
    ];
    let buffer = '';
    socket.on('data', (data) => {
      buffer += String(data);
      // Each reply's last line is "NNN text"; multi-line replies ("250-...") wait for it.
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        const line = buffer.match(/^(\d{3}) .*\r\n/m)!;
        buffer = buffer.slice(line.index! + line[0].length);
        const code = Number(line[1]);
        if (code >= 400) return (reject(new Error(line[0].trim())), socket.destroy());
        const next = steps.shift();
        if (next === undefined) return (resolve(), socket.end('QUIT\r\n'));
        socket.write(`${next}\r\n`);
      }
    });
    socket.on('error', reject);
  });
}

describe('test SMTP server', () => {
  it('records a connection its client resets mid-message, and stays up', async () => {
    const smtp = await startSmtpCapture();
    try {
      const socket = net.connect(smtp.port, '127.0.0.1');
      const reply = () => new Promise<void>((resolve) => socket.once('data', () => resolve()));
      // The greeting, then a message begun (smtp-server ignores a reset outside one), then a reset as
      // the socket of a killed process gets.
      await reply();
      for (const command of ['EHLO dying.example.test', 'MAIL FROM:<cards@example.test>']) {
        socket.write(`${command}\r\n`);
        await reply();
      }
      socket.resetAndDestroy();
      const deadline = Date.now() + 5000;
      while (smtp.connectionErrors.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setImmediate(resolve));
      expect(smtp.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ECONNRESET']);
      // Still listening: a new client is greeted.
      const next = net.connect(smtp.port, '127.0.0.1');
      const greeting = await new Promise<string>((resolve) => next.once('data', (data) => resolve(String(data))));
      next.destroy();
      expect(greeting).toMatch(/^220 /);
    } finally {
      await smtp.stop();
    }
  });

  it('holds messages after the first ones until release, then keeps those whose sender is still there', async () => {
    const smtp = await startSmtpCapture();
    let dropped: Promise<unknown> = Promise.resolve();
    try {
      const gate = smtp.holdAfter(1, (m) => String(m.subject).startsWith('card'));
      const send = (subject: string) => sendOne(smtp.port, subject);
      await send('card 1');
      // Other mail passes a hold; the held sends are neither answered nor kept.
      let answered = 0;
      const held = [send('card 2'), send('card 3')].map((p) => p.then(() => (answered += 1)));
      dropped = held[1].catch((error: Error) => error.message); // refused when the server stops
      await send('news');
      expect(smtp.messages.map((m) => m.subject)).toEqual(['card 1', 'news']);
      expect(answered).toBe(0);
      gate.release((m) => m.subject === 'card 3');
      // 'card 3' is dropped unanswered, as for a sender that died: its send never completes.
      await held[0];
      expect(smtp.messages.map((m) => m.subject)).toEqual(['card 1', 'news', 'card 2']);
      expect(answered).toBe(1);
    } finally {
      await smtp.stop();
    }
    expect(await dropped).toMatch(/421/);
  });
});
