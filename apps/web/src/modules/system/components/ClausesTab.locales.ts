import { addLocaleFiles } from '../../../app/i18n';

// The texts of the user agreement and privacy policy tab, added before the system page renders its tabs.
addLocaleFiles(import.meta.glob('../../../locales/*/systemClauses.json', { eager: true, import: 'default' }));
