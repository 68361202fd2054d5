import { addLocaleFiles } from '../../../app/i18n';

// The texts of the branding (OEM profile) tab, bundled with it and added before it renders.
addLocaleFiles(
  import.meta.glob('../../../locales/*/systemBranding.json', { eager: true, import: 'default' }),
);
