import { addLocaleFiles } from '../../../app/i18n';

// The viewpoint's texts (the card on a problem and a contact sheet, the raise forms' notes).
addLocaleFiles(
  import.meta.glob('../../../locales/*/modelViewpoint.json', { eager: true, import: 'default' }),
);
