import { type Language, normalizeLanguage } from '@lintel/contracts';
import { useTranslation } from 'react-i18next';

/** The language in use; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}
