// Seeds a benchmark database through the real application (its own Strapi process, the same built
// code and settings as the server that is then measured): the sample catalogue grown to N active
// templates, most of them in one occasion, as the issue's measurements did, and shoppers with a
// token, cards and an e-mail recipient each. Prints `SEEDED <json>` and exits.
'use strict';
const path = require('path');
const { createStrapi } = require('@strapi/strapi');

const TEMPLATE = 'plugin::greeting-cards.template';
const OCCASION = 'plugin::greeting-cards.occasion';
const RECIPIENT = 'plugin::greeting-cards.recipient';

async function main() {
  const options = JSON.parse(process.env.BENCH_SEED || '{}');
  const total = options.templates ?? 500;
  const birthdayTarget = options.birthday ?? 489;
  const appDir = path.resolve(__dirname, '../..');
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist'), autoReload: false, serveAdminPanel: false }).load();
  const q = (uid) => strapi.db.query(uid);

  const occasions = await q(OCCASION).findMany({ orderBy: { sort_order: 'asc' } });
  const birthday = occasions.find((o) => o.slug === 'birthday');
  const others = occasions.filter((o) => o.slug !== 'birthday');
  const samples = await q(TEMPLATE).findMany({ where: { is_active: true }, populate: ['occasion'], orderBy: { id: 'asc' } });
  let active = samples.length;
  let inBirthday = samples.filter((t) => t.occasion?.slug === 'birthday').length;
  for (let i = 0; active < total; i += 1) {
    const toBirthday = inBirthday < birthdayTarget;
    const base = samples[i % samples.length];
    await q(TEMPLATE).create({
      data: {
        name: `${base.name} ${i + 1}`,
        slug: `${base.slug}-${i + 1}`,
        description: base.description,
        occasion: (toBirthday ? birthday : others[i % others.length]).id,
        style: base.style,
        canvas_data: base.canvas_data,
        is_premium: false,
        is_active: true,
        popularity: (i * 7) % 200,
      },
    });
    active += 1;
    if (toBirthday) inBirthday += 1;
  }

  // Shoppers: users-permissions users with a JWT, designs copied from free sample templates.
  const free = samples.filter((t) => !t.is_premium);
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const cards = strapi.plugin('greeting-cards').service('cards');
  const shoppers = [];
  for (let i = 0; i < (options.shoppers ?? 1); i += 1) {
    const user = await strapi.plugin('users-permissions').service('user').add({
      username: `bench_shopper_${i}`, email: `bench_shopper_${i}@example.test`, password: 'correct-horse-battery-staple',
      provider: 'local', confirmed: true, blocked: false, role: role.id,
    });
    const token = strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
    const cardIds = [];
    for (let c = 0; c < (options.cardsPerShopper ?? 3); c += 1) {
      const design = free[(i + c) % free.length];
      const card = await cards.create(user.id, { title: `Card ${c + 1} for ${design.name}`, canvas_data: design.canvas_data });
      cardIds.push(card.id);
    }
    const recipient = await q(RECIPIENT).create({
      data: { owner: user.id, first_name: 'Bench', last_name: `Recipient ${i}`, email: `bench_recipient_${i}@example.test`, address_line_1: '1 Loopback Lane', city: 'London', postcode: 'SW1A 1AA' },
    });
    shoppers.push({ id: user.id, token, cards: cardIds, recipient: recipient.id });
  }

  const detailSlug = samples.find((t) => !t.is_premium && t.occasion?.slug === 'birthday')?.slug ?? samples[0].slug;
  process.stdout.write(`SEEDED ${JSON.stringify({ templates: active, birthday: inBirthday, detailSlug, shoppers })}\n`);
  await strapi.destroy();
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  },
);
