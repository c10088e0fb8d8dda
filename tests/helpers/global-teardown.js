// Drops the template databases global-setup.js made.
const { dropTemplate } = require('./template-database');

const fs = require('fs');
const { Client } = require('pg');

module.exports = async () => {
  const list = process.env.GC_PG_DROP_LIST;
  if (list && fs.existsSync(list)) {
    const names = fs.readFileSync(list, 'utf8').split('\n').filter(Boolean);
    if (names.length) {
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    fs.rmSync(list, { force: true });
  }
  // Kept templates (GC_TEMPLATE_CACHE=on) outlive the run: the next run on the same build takes them.
  if (process.env.GC_TEST_TEMPLATE_KEPT === 'true') return;
  await dropTemplate(process.env.GC_TEST_TEMPLATE_DATABASE);
  await dropTemplate(process.env.GC_TEST_SEEDED_TEMPLATE_DATABASE);
};
