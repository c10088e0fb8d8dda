// Prints the README's configuration table from the plugin's setting records (run after build:plugin).
const { settingsTable } = require('../plugins/greeting-cards/dist/server/config/settings-table');

process.stdout.write(settingsTable());
