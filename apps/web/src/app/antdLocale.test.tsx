import { act, render, renderHook } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadAntdTexts, useAntdLocale, ZH_CN_CORE } from './antdLocale';

/** An open date picker on November 2026, in the antd locale the app uses for `language`. */
function OpenPicker({ language }: { language: 'zh-CN' | 'en-US' }) {
  return (
    <ConfigProvider locale={useAntdLocale(language)}>
      <DatePicker open defaultPickerValue={dayjs('2026-11-21')} />
    </ConfigProvider>
  );
}

const weekDayHeads = () =>
  Array.from(document.querySelectorAll('.ant-picker-date-panel thead th'), (cell) => cell.textContent);

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

  it('antd’s own pickers see the dayjs locale the app loads (one dayjs in the page)', async () => {
    await act(() => loadAntdTexts());
    const { rerender } = render(<OpenPicker language="zh-CN" />);
    // Chinese weeks start on Monday, with one-character day names: read from dayjs's zh-cn locale by the
    // dayjs antd imports, so this fails if antd's dayjs is not the one the app registered the locale on.
    expect(weekDayHeads()).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    rerender(<OpenPicker language="en-US" />);
    expect(weekDayHeads()).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });
});
