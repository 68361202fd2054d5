import { addLocaleFiles } from '../../app/i18n';

// The texts of the project modules' shared components, bundled with them (never with /login).
addLocaleFiles(import.meta.glob('../../locales/*/projectCommon.json', { eager: true, import: 'default' }));
