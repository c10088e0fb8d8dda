import type { StrapiApp } from '@strapi/strapi/admin';

// The host's admin panel. English is always offered; `locales` adds German to the language picker in
// each admin user's profile (Strapi then loads its own German texts and the greeting-cards plugin's
// de.json). An admin's choice is kept with their account (preferedLanguage) and in this browser.
export default {
  config: {
    locales: ['de'],
  },
  bootstrap(app: StrapiApp) {
    void app;
  },
};
