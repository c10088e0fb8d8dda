import type { Core } from '@strapi/strapi';
import fs from 'fs/promises';
import path from 'path';
import { getConfig } from '../../platform/config/get-config';
import { isDevelopmentOrTest } from '../../platform/config/settings';
import { html, page, raw } from '../../platform/web/html';
import type { Ctx } from '../../platform/http/respond';
import { registerOwnRoutes } from '../../platform/http/own-routes';

// Development only: lists the messages the mailer kept because no SMTP server is configured.

async function readMessages(dir: string) {
  let files: string[] = [];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const messages = await Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8'))));
  return messages.sort((a, b) => String(b.date).localeCompare(String(a.date)));
}

export function registerDevMailbox(strapi: Core.Strapi) {
  // Only where it is meant to be: not in production, nor staging or any other deployed environment.
  if (!isDevelopmentOrTest()) return;
  const dir = () => path.resolve(strapi.dirs.app.root, getConfig(strapi).mailboxDir);

  registerOwnRoutes(strapi, [
    {
      method: 'GET',
      path: '/dev/mailbox',
      handler: async (ctx: Ctx) => {
        const messages = await readMessages(dir());
        const rows = messages.map(
          (m) =>
            html`<tr>
              <td>${new Date(m.date).toLocaleString('en-GB')}</td>
              <td>${m.to}</td>
              <td><a href="/dev/mailbox/${m.id}">${m.subject}</a></td>
            </tr>`,
        );
        const body = messages.length
          ? html`<table>
              <thead>
                <tr>
                  <th>Sent</th>
                  <th>To</th>
                  <th>Subject</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
          : html`<p class="empty">
              No e-mail yet. Send an e-card (or set SMTP_HOST to use a real SMTP server) and it will appear here.
            </p>`;
        ctx.type = 'html';
        ctx.body = page(
          'Development mailbox',
          html`<h1>Development mailbox</h1>
            <p>Messages the service would have sent. Newest first.</p>
            ${body}`,
        );
      },
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/dev/mailbox/:id',
      handler: async (ctx: Ctx) => {
        const id = String(ctx.params.id);
        const message = /^[\w-]+$/.test(id) ? (await readMessages(dir())).find((m) => m.id === id) : undefined;
        if (!message) {
          ctx.status = 404;
          ctx.type = 'html';
          ctx.body = page(
            'Not found',
            html`<h1>Message not found</h1>
              <p><a href="/dev/mailbox/">Back to the mailbox</a></p>`,
          );
          return;
        }
        ctx.type = 'html';
        ctx.body = page(
          message.subject,
          html`<p><a href="/dev/mailbox/">← All messages</a></p>
            <h1>${message.subject}</h1>
            <p>To: ${message.to}<br />From: ${message.from ?? ''}<br />Reply-To: ${message.replyTo ?? ''}</p>
            <h2>HTML</h2>
            <iframe sandbox title="HTML body" srcdoc="${message.html}"></iframe>
            <h2>Plain text</h2>
            <pre>${message.text}</pre>
            ${message.attachments?.length ? html`<p>Attachments: ${message.attachments.map((a: { filename: string; size: number }) => `${a.filename} (${a.size} bytes)`).join(', ')}</p>` : raw('')}`,
        );
      },
      config: { auth: false },
    },
  ]);
}
