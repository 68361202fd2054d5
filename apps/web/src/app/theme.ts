import type { ThemeConfig } from 'antd';

/** One restrained palette: a deep navy shell and a clear engineering blue for actions. */
export const BRAND = {
  navy: '#0f1d2f',
  navyLight: '#1b2f4a',
  primary: '#1d63d8',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
