import { addLocaleFiles } from '../../app/i18n';

// The texts of the registration screens (register.json), bundled with the code that uses them.
addLocaleFiles(import.meta.glob('../../locales/*/register.json', { eager: true, import: 'default' }));
