// Prints the configuration table of docs/configuration.md from the plugin's setting records (run after build:plugin).
const { settingsTable } = require('../plugins/greeting-cards/dist/server/platform/config/settings-table');

process.stdout.write(settingsTable());
