import { addLocaleFiles } from '../../app/i18n';

// The texts of the phone and SMS-code pieces (sms.json), bundled with the code that uses them.
addLocaleFiles(import.meta.glob('../../locales/*/sms.json', { eager: true, import: 'default' }));
