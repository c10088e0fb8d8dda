import type { Core } from '@strapi/strapi';

// Small helpers shared by the fulfilment tests.
export const q = (strapi: Core.Strapi, name: string) => strapi.db.query(`plugin::greeting-cards.${name}` as any);
export const fulfilment = (strapi: Core.Strapi) => strapi.plugin('greeting-cards').service('fulfilment') as any;

/** Polls `read` until `done` holds or the deadline passes (no fixed sleeps). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const design = (text: string) => ({
  version: '7.0.0',
  background: '#FFF4E0',
  objects: [
    { type: 'textbox', text, left: 120, top: 300, width: 1400, fontSize: 120, fill: '#7B2CBF', fontFamily: 'Georgia' },
  ],
});

export const deliveryHeader = (m: { headers: Map<string, unknown> }) =>
  String(m.headers.get('x-greeting-card-delivery') ?? '');
