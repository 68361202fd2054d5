import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { templateDisplayName } from '../templateName';
import { useTemplates } from '../templatesApi';

interface TemplateSelectProps {
  projectId: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  testId: string;
  /** Choose the project's default template (项目成员 unless changed) while nothing is chosen. */
  preselectDefault?: boolean;
}

/** The project's permission templates (GET projects/{id}/templates), the default one marked. */
export function TemplateSelect({
  projectId,
  id,
  value,
  onChange,
  testId,
  preselectDefault,
}: TemplateSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const templates = useTemplates(projectId);
  const defaultId = templates.data?.find((template) => template.isDefault)?._id;
  useEffect(() => {
    if (preselectDefault && !value && defaultId) onChange?.(defaultId);
  }, [preselectDefault, value, defaultId, onChange]);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={onChange}
      loading={templates.isPending}
      placeholder={t('projectSettings:members.templatePlaceholder')}
      notFoundContent={templates.isError ? t('projectSettings:templates.loadError') : undefined}
      options={(templates.data ?? []).map((template) => {
        const name = templateDisplayName(template.name, language);
        return {
          value: template._id,
          label: template.isDefault ? t('projectSettings:templates.defaultName', { name }) : name,
        };
      })}
      data-testid={testId}
    />
  );
}
