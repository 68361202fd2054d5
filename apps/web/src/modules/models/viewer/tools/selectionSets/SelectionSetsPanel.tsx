import {
  DeleteOutlined,
  EyeInvisibleOutlined,
  PlusOutlined,
  SelectOutlined,
  ShrinkOutlined,
} from '@ant-design/icons';
import type { SelectionSet } from '@lintel/contracts/models';
import { App, Button, Collapse, Empty, Input, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../../../components/ConfirmDanger';
import { RetryAlert } from '../../../../../components/project/RetryAlert';
import { errorMessage } from '../../../../../lib/errors';
import { useCurrentUser } from '../../../../account/api';
import { useDeleteSelectionSet, useModelRight, useModelSettings, useSelectionSets } from '../../../api';
import type { ViewerContext } from '../../engine/types';
import { ToolList, ToolListItem } from '../ToolList';
import { useSubscription } from '../useSubscription';
import { applySet, type SetAction } from './applySet';
import { SaveSelectionSetModal } from './SaveSelectionSetModal';

const NO_GROUP = '__none__';

/** The viewer's selection as an event source (the panel's save button follows it). */
function selectionSource(viewer: ViewerContext) {
  return { subscribe: (listener: () => void) => viewer.onSelectionChange(listener) };
}

/** Selection sets of the project, grouped: save the selection, select / isolate / hide a set, delete. */
export function SelectionSetsPanel({ viewer }: { viewer: ViewerContext }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const source = useMemo(() => selectionSource(viewer), [viewer]);
  useSubscription(source);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const sets = useSelectionSets(viewer.projectId);
  const groups = useModelSettings(viewer.projectId, 'selection-set-groups');
  const canCreate = useModelRight(viewer.projectId, 'create');
  const canDelete = useModelRight(viewer.projectId, 'delete');
  const remove = useDeleteSelectionSet(viewer.projectId);
  const selected = viewer.getSelection().reduce((sum, ref) => sum + ref.globalIds.length, 0);

  const grouped = useMemo(() => {
    const text = search.trim().toLowerCase();
    const byGroup = new Map<string, SelectionSet[]>();
    for (const set of sets.data ?? []) {
      if (text && !set.name.toLowerCase().includes(text) && !set.remark.toLowerCase().includes(text))
        continue;
      const key = set.groupId ?? NO_GROUP;
      byGroup.set(key, [...(byGroup.get(key) ?? []), set]);
    }
    const named = (groups.data ?? []).filter((group) => byGroup.has(group._id));
    return [
      ...named.map((group) => ({ key: group._id, name: group.name, sets: byGroup.get(group._id) ?? [] })),
      ...(byGroup.has(NO_GROUP)
        ? [{ key: NO_GROUP, name: t('modelTools:sets.noGroup'), sets: byGroup.get(NO_GROUP) ?? [] }]
        : []),
      // Sets of a group this list does not know yet (just made elsewhere) still show.
      ...[...byGroup.keys()]
        .filter((key) => key !== NO_GROUP && !named.some((group) => group._id === key))
        .map((key) => ({ key, name: t('modelTools:sets.otherGroup'), sets: byGroup.get(key) ?? [] })),
    ];
  }, [sets.data, groups.data, search, t]);

  const run = async (set: SelectionSet, action: SetAction) => {
    setBusy(`${set._id}:${action}`);
    try {
      const { failedModelIds } = await applySet(viewer, set.items, action);
      if (failedModelIds.length > 0)
        message.warning(t('modelTools:sets.someModelsMissing', { count: failedModelIds.length }));
    } catch (error) {
      message.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  const actionButton = (set: SelectionSet, action: SetAction, icon: React.ReactNode) => (
    <Tooltip key={action} title={t(`modelTools:sets.action.${action}`)}>
      <Button
        size="small"
        icon={icon}
        aria-label={t(`modelTools:sets.action.${action}`)}
        loading={busy === `${set._id}:${action}`}
        onClick={() => void run(set, action)}
        data-testid={`selection-set-${action}-${set._id}`}
      />
    </Tooltip>
  );

  return (
    <Space orientation="vertical" size="middle" className="viewer-tool-body">
      {/* A short label (it ran past a narrow panel with the count in it), the count on the line below. */}
      <div className="viewer-sets__save">
        <Button
          type="primary"
          block
          icon={<PlusOutlined />}
          disabled={selected === 0 || canCreate.data !== true}
          title={canCreate.data === false ? t('modelTools:sets.noRight') : undefined}
          onClick={() => setSaving(true)}
          data-testid="selection-set-save"
        >
          {t('modelTools:sets.saveAs')}
        </Button>
        <Typography.Text type="secondary" className="viewer-tool-small" data-testid="selection-set-count">
          {selected === 0
            ? t('modelTools:sets.selectFirst')
            : t('modelTools:sets.selectedCount', { count: selected })}
        </Typography.Text>
      </div>
      <Input.Search
        allowClear
        placeholder={t('modelTools:sets.search')}
        onChange={(event) => setSearch(event.target.value)}
      />
      {sets.isLoading ? (
        <Skeleton active />
      ) : sets.isError ? (
        <RetryAlert error={sets.error} onRetry={() => void sets.refetch()} />
      ) : grouped.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={search ? t('modelTools:sets.noMatch') : t('modelTools:sets.empty')}
        />
      ) : (
        <Collapse
          size="small"
          defaultActiveKey={grouped.map((group) => group.key)}
          items={grouped.map((group) => ({
            key: group.key,
            label: `${group.name} (${group.sets.length})`,
            children: (
              <ToolList>
                {group.sets.map((set) => (
                  <ToolListItem key={set._id} data-testid={`selection-set-item-${set._id}`}>
                    <Space orientation="vertical" size={4} className="viewer-tool-grow">
                      <Typography.Text strong>{set.name}</Typography.Text>
                      <Typography.Text type="secondary" className="viewer-tool-small">
                        {t('modelTools:sets.elementCount', { count: set.elementCount })}
                        {(set.missingModelIds?.length ?? 0) > 0 && ` · ${t('modelTools:sets.modelsDeleted')}`}
                      </Typography.Text>
                      {set.remark && (
                        <Typography.Paragraph
                          type="secondary"
                          ellipsis={{ rows: 2 }}
                          className="viewer-tool-small"
                        >
                          {set.remark}
                        </Typography.Paragraph>
                      )}
                      <Space wrap>
                        {actionButton(set, 'select', <SelectOutlined />)}
                        {actionButton(set, 'isolate', <ShrinkOutlined />)}
                        {actionButton(set, 'hide', <EyeInvisibleOutlined />)}
                        {(canDelete.data === true || set.createdBy === user?._id) && (
                          <ConfirmDanger
                            title={t('modelTools:sets.deleteConfirm', { name: set.name })}
                            okTestId={`selection-set-delete-ok-${set._id}`}
                            onConfirm={async () => {
                              try {
                                await remove.mutateAsync(set._id);
                                message.success(t('modelTools:sets.deleted'));
                              } catch (error) {
                                message.error(errorMessage(error, t));
                              }
                            }}
                          >
                            <Button
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('modelTools:action.delete')}
                              data-testid={`selection-set-delete-${set._id}`}
                            />
                          </ConfirmDanger>
                        )}
                      </Space>
                    </Space>
                  </ToolListItem>
                ))}
              </ToolList>
            ),
          }))}
        />
      )}
      <SaveSelectionSetModal viewer={viewer} open={saving} onClose={() => setSaving(false)} />
    </Space>
  );
}
