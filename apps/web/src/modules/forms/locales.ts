import { addLocaleFiles } from '../../app/i18n';

// The texts of the form renderer and designer, bundled with them and added before they render.
addLocaleFiles(import.meta.glob('../../locales/*/forms.json', { eager: true, import: 'default' }));
