import { type Craft, PERSONNEL_SETTING_NAME_MAX_LENGTH } from '@lintel/contracts/personnel';
import { useTranslation } from 'react-i18next';
import { NameList } from '../../../components/project/NameList';
import { useCreateSetting, useDeleteSetting, useSettings, useUpdateSetting } from '../settingsApi';
import { SettingsLoadError } from './SettingsLoadError';

/** The crafts (work types) staff are registered under. */
export function CraftsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const list = useSettings(projectId, 'crafts');
  const create = useCreateSetting(projectId, 'crafts');
  const update = useUpdateSetting(projectId, 'crafts');
  const remove = useDeleteSetting(projectId, 'crafts');
  if (list.isError) return <SettingsLoadError query={list} />;
  return (
    <NameList<Craft>
      testId="crafts"
      maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
      rows={list.data ?? []}
      loading={list.isPending}
      placeholder={t('personnel:settings.crafts.placeholder')}
      emptyText={t('personnel:settings.crafts.empty')}
      onAdd={(name) => create.mutateAsync({ name })}
      onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
      onDelete={(row) => remove.mutateAsync(row._id)}
      deleteTitle={(row) => t('personnel:settings.crafts.deleteConfirm', { name: row.name })}
      extraColumns={[
        {
          key: 'staff',
          title: t('personnel:settings.staffCount'),
          width: 120,
          render: (_, row) => row.staffCount,
        },
      ]}
    />
  );
}
