import { PlusOutlined } from '@ant-design/icons';
import {
  buildUnitTree,
  PERSONNEL_SETTING_NAME_MAX_LENGTH,
  type Unit,
  type UnitTreeNode,
} from '@lintel/contracts/personnel';
import { Button, Form, Input, Modal } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameList, useNameRules } from '../../../components/project/NameList';
import { errorMessage } from '../../../lib/errors';
import { useCreateSetting, useDeleteSetting, useSettings, useUpdateSetting } from '../settingsApi';
import { SettingsLoadError } from './SettingsLoadError';

/** A unit as the tree table shows it: leaves carry no `children` (antd would draw an expander). */
type UnitRow = Unit & { children?: UnitRow[] };

const toRow = (node: UnitTreeNode<Unit>): UnitRow => {
  const { children, ...unit } = node;
  return children.length > 0 ? { ...unit, children: children.map(toRow) } : unit;
};

/** The units tree: top-level units added above, sub-units from their parent's row. */
export function UnitsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const list = useSettings(projectId, 'units');
  const create = useCreateSetting(projectId, 'units');
  const update = useUpdateSetting(projectId, 'units');
  const remove = useDeleteSetting(projectId, 'units');
  const rows = useMemo(() => buildUnitTree(list.data ?? []).map(toRow), [list.data]);
  // Every unit starts open; the user's closings are remembered (new units then show at once).
  const [collapsed, setCollapsed] = useState<ReadonlySet<Key>>(new Set());
  const [parent, setParent] = useState<Unit | null>(null);
  if (list.isError) return <SettingsLoadError query={list} />;

  const allIds = (list.data ?? []).map((unit) => unit._id);
  return (
    <>
      <NameList<UnitRow>
        testId="units"
        maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
        rows={rows}
        loading={list.isPending}
        placeholder={t('personnel:settings.units.placeholder')}
        emptyText={t('personnel:settings.units.empty')}
        onAdd={(name) => create.mutateAsync({ name, parentId: null })}
        onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
        onDelete={(row) => remove.mutateAsync(row._id)}
        deleteTitle={(row) => t('personnel:settings.units.deleteConfirm', { name: row.name })}
        deleteWarning={t('personnel:settings.units.deleteWarning')}
        expandable={{
          expandedRowKeys: allIds.filter((id) => !collapsed.has(id)),
          onExpandedRowsChange: (keys) => {
            const open = new Set(keys);
            setCollapsed(new Set(allIds.filter((id) => !open.has(id))));
          },
        }}
        extraColumns={[
          {
            key: 'staff',
            title: t('personnel:settings.staffCount'),
            width: 120,
            render: (_, row) => row.staffCount,
          },
        ]}
        extraActions={(row) => (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setParent(row)}
            data-testid={`units-add-child-${row._id}`}
          >
            {t('personnel:settings.units.addChild')}
          </Button>
        )}
      />
      <AddChildDialog
        parent={parent}
        onClose={() => setParent(null)}
        onAdd={(name) => create.mutateAsync({ name, parentId: parent?._id ?? null })}
      />
    </>
  );
}

function AddChildDialog({
  parent,
  onClose,
  onAdd,
}: {
  parent: Unit | null;
  onClose: () => void;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const rules = useNameRules(PERSONNEL_SETTING_NAME_MAX_LENGTH);

  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await onAdd(name.trim());
      onClose();
    } catch (error) {
      form.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={parent !== null}
      title={t('personnel:settings.units.addChildTitle', { name: parent?.name ?? '' })}
      okText={t('personnel:action.add')}
      cancelText={t('personnel:action.cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'units-add-child-ok' } as object) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} preserve={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" rules={rules}>
          <Input
            autoFocus
            placeholder={t('personnel:settings.units.childPlaceholder')}
            aria-label={t('personnel:settings.units.childPlaceholder')}
            data-testid="units-add-child-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
