import { type NamedSetting, SETTING_NAME_MAX_LENGTH } from '@lintel/contracts/models';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NameList } from '../../../components/project/NameList';
import {
  useCreateModelSetting,
  useDeleteModelSetting,
  useModelSettings,
  useSelectionSets,
  useUpdateModelSetting,
} from '../api';
import { SettingsLoadError } from './SettingsLoadError';

type Kind = 'viewport-tags' | 'selection-set-groups';

/**
 * Viewport tags or selection-set groups: add, rename in place, delete. A group's sets become ungrouped when
 * it is deleted (the confirmation says how many).
 */
export function NamedSettingsTab({ projectId, kind }: { projectId: string; kind: Kind }) {
  const { t } = useTranslation();
  const list = useModelSettings(projectId, kind);
  const create = useCreateModelSetting(projectId, kind);
  const update = useUpdateModelSetting(projectId, kind);
  const remove = useDeleteModelSetting(projectId, kind);
  const groups = kind === 'selection-set-groups';
  const sets = useSelectionSets(projectId, {}, groups);
  const setCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const set of sets.data ?? []) {
      if (set.groupId) counts.set(set.groupId, (counts.get(set.groupId) ?? 0) + 1);
    }
    return counts;
  }, [sets.data]);
  const rows = [...(list.data ?? [])].sort((a, b) => a.order - b.order);

  if (list.isError) return <SettingsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <NameList<NamedSetting>
      testId={kind}
      maxLength={SETTING_NAME_MAX_LENGTH}
      rows={rows}
      loading={list.isPending}
      placeholder={t(`models:settings.placeholder.${kind}`)}
      emptyText={t(`models:settings.empty.${kind}`)}
      onAdd={(name) => create.mutateAsync({ name })}
      onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
      // A group's sets move to "no group" with it (without moveTo the server refuses a group in use).
      onDelete={(row) => remove.mutateAsync(groups ? { id: row._id, moveTo: 'none' } : row._id)}
      deleteTitle={(row) =>
        groups && (setCount.get(row._id) ?? 0) > 0
          ? t('models:settings.deleteGroupInUse', { name: row.name, count: setCount.get(row._id) })
          : t('models:settings.deleteNamed', { name: row.name })
      }
      deleteWarning={kind === 'viewport-tags' ? t('models:settings.deleteViewportTagHint') : undefined}
      extraColumns={
        groups
          ? [
              {
                key: 'sets',
                title: t('models:settings.setCount'),
                width: 140,
                render: (_, row) => t('models:sets.count', { count: setCount.get(row._id) ?? 0 }),
              },
            ]
          : undefined
      }
    />
  );
}
