import { addLocaleFiles } from '../../app/i18n';

// The texts of this module, bundled with its pages and added before they render.
addLocaleFiles(import.meta.glob('../../locales/*/workflow.json', { eager: true, import: 'default' }));
