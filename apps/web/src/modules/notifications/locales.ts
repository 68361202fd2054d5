import { addLocaleFiles } from '../../app/i18n';

// The texts of this module, bundled with its bell and its page and added before they render.
addLocaleFiles(import.meta.glob('../../locales/*/notifications.json', { eager: true, import: 'default' }));
