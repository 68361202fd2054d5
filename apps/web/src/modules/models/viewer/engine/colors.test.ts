// One status colour across the viewer: the canvas highlight, the section planes, the compare colours and
// the panels are the app theme's tokens, and the viewer's own styles name no colour of their own for them.
import { readFileSync } from 'node:fs';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../../app/theme';
import { CHANGE_COLORS } from '../tools/compare/compareGroups';
import { VIEWER_COLORS } from './colors';

const tokens = antdTheme.getDesignToken(theme);

describe('viewer colours', () => {
  it('are the theme tokens: selection and sections primary, compare success / warning / error', () => {
    expect(VIEWER_COLORS.selection).toBe(tokens.colorPrimary);
    expect(VIEWER_COLORS.section).toBe(tokens.colorPrimary);
    expect(CHANGE_COLORS).toEqual({
      added: tokens.colorSuccess,
      changed: tokens.colorWarning,
      removed: tokens.colorError,
    });
  });

  it('leave no other blue in the viewer styles (antd’s default #1677ff is not the theme’s)', () => {
    for (const file of ['../viewer.css', '../tools/tools.css']) {
      const css = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(css, file).not.toMatch(/#1677ff|22,\s*119,\s*255/i);
      // Every use of the primary colour goes through the theme's variable, with the token as fallback.
      for (const match of css.matchAll(/var\(--ant-color-primary,\s*(#[0-9a-f]{6})\)/gi))
        expect(match[1]?.toLowerCase(), file).toBe(tokens.colorPrimary.toLowerCase());
    }
  });
});
