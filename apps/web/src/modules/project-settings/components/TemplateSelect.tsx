import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTemplates } from '../templatesApi';

interface TemplateSelectProps {
  projectId: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  testId: string;
}

/** The project's permission templates (GET projects/{id}/templates), the default one marked. */
export function TemplateSelect({ projectId, id, value, onChange, testId }: TemplateSelectProps) {
  const { t } = useTranslation();
  const templates = useTemplates(projectId);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={onChange}
      loading={templates.isPending}
      placeholder={t('projectSettings:members.templatePlaceholder')}
      notFoundContent={templates.isError ? t('projectSettings:templates.loadError') : undefined}
      options={(templates.data ?? []).map((template) => ({
        value: template._id,
        label: template.isDefault
          ? `${template.name}（${t('projectSettings:templates.default')}）`
          : template.name,
      }))}
      data-testid={testId}
    />
  );
}
