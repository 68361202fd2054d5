import { addLocaleFiles } from '../../../../app/i18n';

// The texts of the viewer tools, bundled with the viewer (never with other pages).
addLocaleFiles(import.meta.glob('../../../../locales/*/modelTools.json', { eager: true, import: 'default' }));
