import { addLocaleFiles } from '../../../app/i18n';

// The viewer's texts, bundled with its page and added before it renders.
addLocaleFiles(import.meta.glob('../../../locales/*/modelViewer.json', { eager: true, import: 'default' }));
