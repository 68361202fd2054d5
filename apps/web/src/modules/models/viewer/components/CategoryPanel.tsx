import { ifcClassLabel } from '@lintel/contracts/ifc';
import {
  type CategoryCount,
  ELEMENT_DISCIPLINE_LABELS,
  type ElementDiscipline,
} from '@lintel/contracts/models';
import { Alert, Button, Checkbox, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../app/useLanguage';
import { errorMessage } from '../../../../lib/errors';
import { useCategories } from '../../api';
import { classKey } from './classKey';
import type { ViewerModelInfo } from './types';

interface CategoryPanelProps {
  projectId: string;
  models: readonly ViewerModelInfo[];
  /** `${modelId}|${ifcClass}` of the classes switched off. */
  hiddenClasses: ReadonlySet<string>;
  onToggle: (modelId: string, ifcClass: string, visible: boolean) => void;
}

export { classKey };

/** The IFC classes of each open model with their counts, grouped by discipline; a checkbox shows / hides. */
export function CategoryPanel({ projectId, models, hiddenClasses, onToggle }: CategoryPanelProps) {
  const { t } = useTranslation();
  if (models.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelViewer:tree.noModels')} />;
  return (
    <div className="viewer-categories" data-testid="viewer-categories">
      {models.map((model) => (
        <ModelCategories
          key={model.modelId}
          projectId={projectId}
          model={model}
          hiddenClasses={hiddenClasses}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

function byDiscipline(categories: readonly CategoryCount[]) {
  const groups = new Map<ElementDiscipline, CategoryCount[]>();
  for (const category of categories) {
    const list = groups.get(category.discipline) ?? [];
    list.push(category);
    groups.set(category.discipline, list);
  }
  return [...groups].map(([discipline, list]) => ({
    discipline,
    list: [...list].sort((a, b) => a.ifcClass.localeCompare(b.ifcClass)),
  }));
}

function ModelCategories({
  projectId,
  model,
  hiddenClasses,
  onToggle,
}: Omit<CategoryPanelProps, 'models'> & { model: ViewerModelInfo }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useCategories(
    projectId,
    model.modelId,
    model.currentVersion ? undefined : model.versionId,
  );
  return (
    <section className="viewer-categories__model">
      <Typography.Text strong>{model.name}</Typography.Text>
      {categories.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : categories.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(categories.error, t)}
          action={
            <Button size="small" onClick={() => void categories.refetch()}>
              {t('common:action.retry')}
            </Button>
          }
        />
      ) : categories.data.length === 0 ? (
        <Typography.Text type="secondary">{t('modelViewer:categories.empty')}</Typography.Text>
      ) : (
        byDiscipline(categories.data).map(({ discipline, list }) => (
          <div key={discipline} className="viewer-categories__group">
            <Typography.Text type="secondary">
              {language === 'en-US'
                ? ELEMENT_DISCIPLINE_LABELS[discipline].nameEn
                : ELEMENT_DISCIPLINE_LABELS[discipline].name}
            </Typography.Text>
            <Space orientation="vertical" size={2}>
              {list.map((category) => (
                <Checkbox
                  key={category.ifcClass}
                  checked={!hiddenClasses.has(classKey(model.modelId, category.ifcClass))}
                  onChange={(event) => onToggle(model.modelId, category.ifcClass, event.target.checked)}
                  data-testid={`viewer-category-${category.ifcClass}`}
                >
                  <span title={category.ifcClass}>{ifcClassLabel(category.ifcClass, language)}</span>{' '}
                  <Tag>{category.count}</Tag>
                </Checkbox>
              ))}
            </Space>
          </div>
        ))
      )}
    </section>
  );
}
