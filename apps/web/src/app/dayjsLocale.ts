import type { Language } from '@lintel/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * dayjs's global locale, which antd's date pickers use for month and week-day names and the first day of
 * the week. Loaded with antd's full texts (antdLocale.ts), so dayjs stays off the sign-in screen.
 */
export function applyDayjsLanguage(language: Language): void {
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
}
