import { addLocaleFiles } from '../app/i18n';

// The texts of the shared profile widgets (ImageCropDialog, CityCascader) live in the `profile` namespace;
// they are bundled with those widgets (lazy chunks) and added before they render, never with the entry.
addLocaleFiles(import.meta.glob('../locales/*/profile.json', { eager: true, import: 'default' }));
