import {
  PERSONNEL_SETTING_NAME_MAX_LENGTH,
  type ViolationItem,
  type ViolationType,
} from '@lintel/contracts/personnel';
import { useTranslation } from 'react-i18next';
import { NameList } from '../../../components/project/NameList';
import { useCreateSetting, useDeleteSetting, useSettings, useUpdateSetting } from '../settingsApi';
import { SettingsLoadError } from './SettingsLoadError';

/** Violation types, each opening onto its items. */
export function ViolationsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const types = useSettings(projectId, 'violationTypes');
  const items = useSettings(projectId, 'violationItems');
  const create = useCreateSetting(projectId, 'violationTypes');
  const update = useUpdateSetting(projectId, 'violationTypes');
  const remove = useDeleteSetting(projectId, 'violationTypes');
  if (types.isError) return <SettingsLoadError query={types} />;
  if (items.isError) return <SettingsLoadError query={items} />;
  return (
    <NameList<ViolationType>
      testId="violation-types"
      maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
      rows={types.data ?? []}
      loading={types.isPending}
      placeholder={t('personnel:settings.violations.typePlaceholder')}
      emptyText={t('personnel:settings.violations.empty')}
      onAdd={(name) => create.mutateAsync({ name })}
      onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
      onDelete={(row) => remove.mutateAsync(row._id)}
      deleteTitle={(row) => t('personnel:settings.violations.deleteTypeConfirm', { name: row.name })}
      deleteWarning={t('personnel:settings.violations.deleteTypeWarning')}
      extraColumns={[
        {
          key: 'items',
          title: t('personnel:settings.violations.items'),
          width: 120,
          render: (_, row) => (items.data ?? []).filter((item) => item.typeId === row._id).length,
        },
      ]}
      expandable={{
        expandedRowRender: (row) => (
          <ItemList
            projectId={projectId}
            type={row}
            items={(items.data ?? []).filter((item) => item.typeId === row._id)}
            loading={items.isPending}
          />
        ),
      }}
    />
  );
}

function ItemList({
  projectId,
  type,
  items,
  loading,
}: {
  projectId: string;
  type: ViolationType;
  items: ViolationItem[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateSetting(projectId, 'violationItems');
  const update = useUpdateSetting(projectId, 'violationItems');
  const remove = useDeleteSetting(projectId, 'violationItems');
  return (
    <NameList<ViolationItem>
      testId={`violation-items-${type._id}`}
      maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
      rows={items}
      loading={loading}
      placeholder={t('personnel:settings.violations.itemPlaceholder')}
      emptyText={t('personnel:settings.violations.noItems')}
      onAdd={(name) => create.mutateAsync({ typeId: type._id, name })}
      onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
      onDelete={(row) => remove.mutateAsync(row._id)}
      deleteTitle={(row) => t('personnel:settings.violations.deleteItemConfirm', { name: row.name })}
    />
  );
}
