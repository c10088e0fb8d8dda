// The plugin's admin entry (package export ./strapi-admin): registers the plugin, its menu link and
// its settings section. The pages themselves live in ./pages and are loaded lazily.
import type { StrapiApp } from '@strapi/strapi/admin';

import { Initializer } from './components/Initializer';
import { PluginIcon } from './components/PluginIcon';
import { registerCanvasDataField } from './custom-fields/canvas-data';
import { registerTemplateThumbnailColumn } from './content-manager/thumbnail-column';
import { registerPromoUsesColumn } from './content-manager/promo-uses-column';
import { ANY_PLUGIN_ACTION, SETTINGS_READ } from './permissions';
import { PLUGIN_ID } from './pluginId';
import { getTranslation } from './utils/getTranslation';

type TranslationFile = { default: Record<string, string> };

const plugin: StrapiApp['appPlugins'][string] = {
  register(app) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: PluginIcon,
      intlLabel: { id: getTranslation('plugin.name'), defaultMessage: 'Greeting cards' },
      Component: () => import('./pages/App'),
      permissions: ANY_PLUGIN_ACTION,
    });

    app.addSettingsLink(
      { id: PLUGIN_ID, intlLabel: { id: getTranslation('settings.section'), defaultMessage: 'Greeting cards' } },
      {
        id: `${PLUGIN_ID}-settings`,
        to: PLUGIN_ID,
        intlLabel: { id: getTranslation('settings.link'), defaultMessage: 'Shop settings' },
        Component: () => import('./pages/SettingsPage'),
        permissions: SETTINGS_READ,
      },
    );

    registerCanvasDataField(app);

    app.registerPlugin({
      id: PLUGIN_ID,
      initializer: Initializer,
      isReady: false,
      name: PLUGIN_ID,
    });
  },

  bootstrap(app) {
    registerTemplateThumbnailColumn(app);
    registerPromoUsesColumn(app);
  },

  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: data } = (await import(`./translations/${locale}.json`)) as TranslationFile;
          const prefixed: Record<string, string> = {};
          for (const [key, value] of Object.entries(data)) prefixed[getTranslation(key)] = value;
          return { data: prefixed, locale };
        } catch {
          // No translation file for this locale: the defaultMessage of each label is shown.
          return { data: {}, locale };
        }
      }),
    );
  },
};

export default plugin;
