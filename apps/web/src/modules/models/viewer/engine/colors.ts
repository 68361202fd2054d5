// The viewer's status colours, defined once. They are the app theme's design tokens (app/theme.ts): the
// selection and the section planes in the primary colour the rest of the product marks "current" with, the
// compare's added / changed / removed in the success / warning / error colours its tags use elsewhere.
// Plain values, not antd's theme API: the engine chunk must not pull antd in (colors.test.ts checks them
// against antd's tokens for the app's theme, so a theme change that forgets them fails there).
import { BRAND } from '../../../../app/theme';

export const VIEWER_COLORS = {
  /** Selected elements (canvas highlight), and the viewer's own "current" marks (sheet tab, cube face). */
  selection: BRAND.primary,
  /** The fill of a section plane (faint: it is drawn over the model it cuts). */
  section: BRAND.primary,
  /** X-ray: everything not selected, ghosted in the neutral grey of antd's palette (grey-7). */
  xray: '#8c8c8c',
  /** Version compare. */
  added: '#52c41a',
  changed: '#faad14',
  removed: '#ff4d4f',
} as const;
