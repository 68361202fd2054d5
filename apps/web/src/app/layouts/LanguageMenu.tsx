import { LANGUAGES, type Language, storageLanguage } from '@lintel/contracts';
import { Button, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeferredDropdown } from '../../components/DeferredDropdown';
import { GlobeIcon } from '../../components/icons';
import { changeLanguage } from '../i18n';
import { useLanguage } from '../useLanguage';

/** Chinese / English. Shown only when the profile turns i18n on. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const items: MenuProps['items'] = LANGUAGES.map((option) => ({
    key: option,
    label: (
      <span data-testid={`language-option-${storageLanguage(option)}`} lang={option}>
        {t(`common:language.${option}`)}
      </span>
    ),
  }));
  return (
    <DeferredDropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className="app-header__button"
        icon={<GlobeIcon />}
        aria-label={t('layout:header.languageMenu')}
        data-testid="language-menu"
      >
        <span className="app-header__label">{t(`common:language.${language}`)}</span>
      </Button>
    </DeferredDropdown>
  );
}
