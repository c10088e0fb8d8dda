import net from 'net';
import { startSmtpCapture } from '../helpers/smtp';

// The tests' SMTP server outlives a sender that dies mid-session: the fault tests kill workers while
// they send, and smtp-server reports the reset connection as an 'error' on the server, which, unheard,
// was thrown into whichever test file was running ("read ECONNRESET", the suite failed).
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
});
