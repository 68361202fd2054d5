import { addLocaleFiles } from '../app/i18n';

// The texts of the shared ConfirmDanger live in the `confirm` namespace, bundled with the modules that ask
// (lazy chunks) and added before it renders, never with the entry.
addLocaleFiles(import.meta.glob('../locales/*/confirm.json', { eager: true, import: 'default' }));
