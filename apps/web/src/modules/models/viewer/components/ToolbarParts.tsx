import { Button, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors';
import { useAllModels } from '../../api';

/** A toolbar button: its label beside the icon where there is room, always in its tooltip with the key. */
export function ToolbarButton(props: {
  icon: ReactNode;
  label: string;
  hint: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={props.hint}>
      <Button
        icon={props.icon}
        type={props.pressed ? 'primary' : 'default'}
        aria-pressed={props.pressed}
        disabled={props.disabled}
        onClick={props.onClick}
        aria-label={props.label}
        data-testid={props.testId}
      >
        <span className="model-viewer__label">{props.label}</span>
      </Button>
    </Tooltip>
  );
}

/** Choose the models open together (federation): only converted models of the project are offered. */
export function ModelPicker(props: {
  projectId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const models = useAllModels(props.projectId);
  const options = (models.data ?? [])
    .filter((model) => model.currentVersion.status === 'ready' || props.value.includes(model._id))
    .map((model) => ({ value: model._id, label: model.name }));
  // A model of the URL the list does not hold (deleted, or not visible to this user) still shows, unnamed.
  for (const id of props.value)
    if (models.data && !options.some((option) => option.value === id))
      options.push({ value: id, label: t('modelViewer:toolbar.unknownModel') });
  return (
    <Select
      mode="multiple"
      className="model-viewer__picker"
      placeholder={t('modelViewer:toolbar.pickModels')}
      aria-label={t('modelViewer:toolbar.models')}
      value={[...props.value]}
      options={options}
      loading={models.isPending}
      maxTagCount={2}
      maxTagTextLength={16}
      optionFilterProp="label"
      onChange={(ids: string[]) => props.onChange(ids)}
      notFoundContent={models.isError ? errorMessage(models.error, t) : undefined}
      data-testid="viewer-model-picker"
    />
  );
}
