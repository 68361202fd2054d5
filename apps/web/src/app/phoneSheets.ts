import type { ConfigProviderProps } from 'antd';

/**
 * Dialogs on a phone (issue 16). Below 768 px the app's ConfigProvider (providers.tsx) gives every antd
 * Modal and Drawer these classes, and global.css turns them into full-screen sheets: the whole width and height, the title and a 44 px close button at the top, the
 * content scrolling between them, the footer's buttons full-size at the bottom, clear of the phone's safe
 * areas. Confirmations (`modal.confirm`, class `ant-modal-confirm`) stay cards, full width with large
 * buttons. Only classes change: antd's focus trap, Esc and the return of the focus stay as they are.
 * A drawer that opens from the left or the bottom (the project menu, a filter sheet) keeps its own size;
 * one from the right (a form or details beside the page) fills the screen.
 */
export const SHEET_CLASS = 'app-sheet';
export const SHEET_DRAWER_CLASS = 'app-sheet-drawer';

export const PHONE_MODAL: ConfigProviderProps['modal'] = {
  className: SHEET_CLASS,
  classNames: { wrapper: `${SHEET_CLASS}-wrap` },
};

export const PHONE_DRAWER: ConfigProviderProps['drawer'] = {
  classNames: { root: SHEET_DRAWER_CLASS },
};
