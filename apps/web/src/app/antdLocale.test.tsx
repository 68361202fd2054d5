import { act, renderHook } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
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

  it('date pickers name months and week days in the app’s language (dayjs follows it)', async () => {
    const { rerender } = renderHook(({ language }) => useAntdLocale(language), {
      initialProps: { language: 'zh-CN' as 'zh-CN' | 'en-US' },
    });
    await act(() => loadAntdTexts());
    // A dayjs value takes the locale of the moment it is made, as the pickers' values are.
    const names = () => dayjs('2026-11-21').format('MMMM dddd');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(names()).toBe('十一月 星期六');
    rerender({ language: 'en-US' });
    expect(dayjs.locale()).toBe('en');
    expect(names()).toBe('November Saturday');
    rerender({ language: 'zh-CN' });
    expect(dayjs().locale()).toBe('zh-cn');
  });
});
