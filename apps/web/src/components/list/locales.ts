import { addLocaleFiles } from '../../app/i18n';

// The texts of the shared list pieces (cards, the filter sheet), bundled with them (never with /login).
addLocaleFiles(import.meta.glob('../../locales/*/list.json', { eager: true, import: 'default' }));
