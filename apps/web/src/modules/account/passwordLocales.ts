import { addLocaleFiles } from '../../app/i18n';

// The texts of the forgot-password screens (password.json), bundled with the code that uses them.
addLocaleFiles(import.meta.glob('../../locales/*/password.json', { eager: true, import: 'default' }));
