import { TOPIC_SETTING_NAME_MAX_LENGTH, type TopicSetting } from '@lintel/contracts/topics';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { NameList } from '../../../components/project/NameList';
import { errorMessage } from '../../../lib/errors';
import {
  type TopicSettingKind,
  useCreateSetting,
  useDeleteSetting,
  useTopicSettings,
  useUpdateSetting,
} from '../api';

/** One list of the topic settings (species or subcontracts): add, rename in place, delete when unused. */
export function SettingList({ projectId, kind }: { projectId: string; kind: TopicSettingKind }) {
  const { t } = useTranslation();
  const list = useTopicSettings(projectId, kind);
  const create = useCreateSetting(projectId, kind);
  const update = useUpdateSetting(projectId, kind);
  const remove = useDeleteSetting(projectId, kind);
  const rows = [...(list.data ?? [])].sort((a, b) => a.order - b.order);

  return (
    <Card title={t(`topics:settings.${kind}`)} data-testid={`settings-${kind}`}>
      {list.isError ? (
        <ErrorState
          title={t('topics:settings.loadError')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
        />
      ) : (
        <NameList<TopicSetting>
          testId={`setting-${kind}`}
          maxLength={TOPIC_SETTING_NAME_MAX_LENGTH}
          rows={rows}
          loading={list.isPending}
          placeholder={t(`topics:settings.placeholder.${kind}`)}
          emptyText={t(`topics:settings.empty.${kind}`)}
          onAdd={(name) => create.mutateAsync({ name })}
          onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
          onDelete={(row) => remove.mutateAsync(row._id)}
          deleteTitle={(row) => t('topics:settings.deleteConfirm', { name: row.name })}
          extraColumns={[
            {
              key: 'usage',
              title: t('topics:settings.usage'),
              width: 140,
              render: (_, row) => t('topics:settings.usageCount', { count: row.usage }),
            },
          ]}
        />
      )}
    </Card>
  );
}
