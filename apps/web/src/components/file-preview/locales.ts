import { addLocaleFiles } from '../../app/i18n';

// The preview's texts, bundled with the preview (its page, or a screen that embeds it) and added before it
// renders.
addLocaleFiles(import.meta.glob('../../locales/*/preview.json', { eager: true, import: 'default' }));
