// Drops the template databases global-setup.js made.
const { dropTemplate } = require('./template-database');

module.exports = async () => {
  // Kept templates (GC_TEMPLATE_CACHE=on) outlive the run: the next run on the same build takes them.
  if (process.env.GC_TEST_TEMPLATE_KEPT === 'true') return;
  await dropTemplate(process.env.GC_TEST_TEMPLATE_DATABASE);
  await dropTemplate(process.env.GC_TEST_SEEDED_TEMPLATE_DATABASE);
};
