import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { SETTING_RECORDS } from '../config/settings';

// The shop's brand as the views read it: name, tagline, footer, logo and accent colour, all settings
// (platform/config/settings.ts). The accent is written into the page's CSS, so only a hex colour passes the
// setting's schema, and it is checked once more here before it reaches a <style> element.

export interface Brand {
  name: string;
  tagline: string;
  footer: string;
  logoUrl: string;
  /** CSS custom properties for the accent (`--accent: #a3214f; ...`). */
  accentCss: string;
}

const DEFAULT_ACCENT = String(SETTING_RECORDS.accentColour.default).toLowerCase();
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function brandOf(strapi: Core.Strapi): Brand {
  const config = getConfig(strapi);
  const accent = HEX.test(config.accentColour) ? config.accentColour : DEFAULT_ACCENT;
  return {
    name: config.shopName,
    tagline: config.shopTagline,
    footer: config.footerText,
    logoUrl: config.logoUrl,
    // A host's colour brings its own darker and soft shades (hover and tint states); the default keeps
    // the stylesheet's hand-picked ones.
    accentCss:
      accent.toLowerCase() === DEFAULT_ACCENT
        ? ''
        : `--accent: ${accent}; --accent-dark: color-mix(in srgb, ${accent} 78%, #000); --accent-soft: color-mix(in srgb, ${accent} 12%, #fff);`,
  };
}
