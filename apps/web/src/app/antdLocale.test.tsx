import { act, renderHook } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { loadAntdTexts, useAntdLocale, ZH_CN_CORE } from './antdLocale';

describe('antd locale', () => {
  it('has the core Chinese texts exactly as antd has them', () => {
    expect(ZH_CN_CORE.locale).toBe(zhCN.locale);
    expect(ZH_CN_CORE.global).toEqual(zhCN.global);
  });

  it('uses the core texts in Chinese until the full set is loaded, then the full set; English is antd’s own', async () => {
    const { result, rerender } = renderHook(({ language }) => useAntdLocale(language), {
      initialProps: { language: 'zh-CN' as 'zh-CN' | 'en-US' },
    });
    expect(result.current).toBe(ZH_CN_CORE);
    await act(() => loadAntdTexts());
    expect(result.current).toBe(zhCN);
    rerender({ language: 'en-US' });
    expect(result.current).toBe(enUS);
  });
});
