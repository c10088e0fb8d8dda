// Drops the template databases global-setup.js made.
const { dropTemplate } = require('./template-database');

module.exports = async () => {
  await dropTemplate(process.env.GC_TEST_TEMPLATE_DATABASE);
  await dropTemplate(process.env.GC_TEST_SEEDED_TEMPLATE_DATABASE);
};
