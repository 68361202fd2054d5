import { addLocaleFiles } from '../../../app/i18n';

// The texts of the enterprises tab (systemEnterprises.json), bundled with it and added before it renders.
addLocaleFiles(
  import.meta.glob('../../../locales/*/systemEnterprises.json', { eager: true, import: 'default' }),
);
