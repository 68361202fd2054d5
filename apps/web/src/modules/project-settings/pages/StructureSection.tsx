import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { STRUCTURE_NAME_MAX_LENGTH, type Structure, type StructureKind } from '@lintel/contracts/org';
import type { TreeProps } from 'antd';
import { App, Button, Card, Dropdown, Empty, Modal, Space, Tree, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject } from '../../workbench';
import { NameDialog } from '../components/NameDialog';
import { useStructures } from '../membersApi';
import { useCreateStructure, useDeleteStructure, useUpdateStructures } from '../structuresApi';
import { buildStructureTree, moveChanges, moveError, type StructureTreeNode } from '../structureTree';

type Dialog =
  | { kind: 'create'; parent: Structure | null; nodeKind: StructureKind }
  | { kind: 'rename'; structure: Structure }
  | null;

const TOP = '__top__';

/**
 * The organisation structure: a tree of groups (two levels) and functions (one more), added, renamed,
 * deleted with confirmation and moved by drag or "move to" — moves the rules refuse are refused before the
 * call (the contracts' rule), and the server's message is shown for anything else.
 */
export default function StructureSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const structures = useStructures(projectId);
  const create = useCreateStructure(projectId);
  const update = useUpdateStructures(projectId);
  const remove = useDeleteStructure(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [moving, setMoving] = useState<Structure | null>(null);
  const [target, setTarget] = useState<string>(TOP);
  const list = structures.data ?? [];
  const tree = useMemo(() => buildStructureTree(list), [list]);

  const ruleText = (key: string) => t(`projectSettings:structure.rules.${key.replace(/^org\./, '')}`);

  const applyMove = (id: string, parentId: string | null, index: number) => {
    const broken = moveError(list, id, parentId);
    if (broken) {
      void message.error(ruleText(broken));
      return;
    }
    const changes = moveChanges(list, id, parentId, index);
    if (changes.length === 0) return;
    update.mutate(changes, {
      onSuccess: () => void message.success(t('projectSettings:structure.moved')),
      onError: (error) => void message.error(errorMessage(error, t)),
    });
  };

  const onDrop: TreeProps<StructureTreeNode>['onDrop'] = (info) => {
    const dragged = info.dragNode.structure;
    const onto = info.node.structure;
    const dropPos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(dropPos[dropPos.length - 1]);
    if (!info.dropToGap) {
      applyMove(dragged._id, onto._id, 0);
      return;
    }
    const siblings = list
      .filter((s) => s.parentId === onto.parentId && s._id !== dragged._id)
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
    const at = siblings.findIndex((s) => s._id === onto._id);
    applyMove(dragged._id, onto.parentId, relative === -1 ? at : at + 1);
  };

  const submitName = async (name: string) => {
    setDialogError(null);
    try {
      if (dialog?.kind === 'create') {
        await create.mutateAsync({ name, parentId: dialog.parent?._id ?? null, kind: dialog.nodeKind });
        void message.success(t('projectSettings:structure.created'));
      } else if (dialog?.kind === 'rename') {
        await update.mutateAsync([{ id: dialog.structure._id, name }]);
        void message.success(t('projectSettings:structure.renamed'));
      }
      setDialog(null);
    } catch (error) {
      setDialogError(errorMessage(error, t));
    }
  };

  const onDelete = async (structure: Structure) => {
    try {
      await remove.mutateAsync(structure._id);
      void message.success(t('projectSettings:structure.deleted'));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  const moveTargets = useMemo(() => {
    interface Option {
      value: string;
      title: string;
      disabled: boolean;
      children: Option[];
    }
    const toOption = (node: StructureTreeNode): Option => ({
      value: node.key,
      title: node.structure.name,
      disabled: moving
        ? moveError(list, moving._id, node.key) !== null || node.key === moving.parentId
        : true,
      children: node.children.map(toOption),
    });
    const top: Option = {
      value: TOP,
      title: t('projectSettings:structure.topLevel'),
      disabled: moving?.parentId === null,
      children: [],
    };
    return [top, ...tree.map(toOption)];
  }, [tree, list, moving, t]);

  if (structures.isPending) return <PageSpinner />;
  if (structures.isError) {
    return (
      <ErrorState
        title={t('projectSettings:structure.loadError')}
        description={errorMessage(structures.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void structures.refetch()}
        testId="structure-error"
      />
    );
  }

  const renderTitle = (node: StructureTreeNode) => {
    const s = node.structure;
    const isFunction = s.kind === 'function';
    return (
      <span className="project-settings__tree-node" data-testid={`structure-${s._id}`}>
        {isFunction ? <ToolOutlined /> : <TeamOutlined />}
        <span className="project-settings__tree-name">{s.name}</span>
        <Space
          size={0}
          className="project-settings__tree-actions"
          onClick={(event) => event.stopPropagation()}
        >
          {isFunction ? null : (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'department',
                    label: t('projectSettings:structure.addGroup'),
                    disabled:
                      moveError(
                        [...list, { ...s, _id: '__new__', parentId: s._id, kind: 'department' }],
                        '__new__',
                        s._id,
                      ) !== null,
                  },
                  { key: 'function', label: t('projectSettings:structure.addFunction') },
                ],
                onClick: ({ key }) => {
                  setDialogError(null);
                  setDialog({ kind: 'create', parent: s, nodeKind: key as StructureKind });
                },
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('projectSettings:structure.addChild', { name: s.name })}
                data-testid={`structure-add-${s._id}`}
              />
            </Dropdown>
          )}
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('projectSettings:structure.rename')}
            onClick={() => {
              setDialogError(null);
              setDialog({ kind: 'rename', structure: s });
            }}
            data-testid={`structure-rename-${s._id}`}
          />
          <Button
            type="text"
            size="small"
            icon={<ApartmentOutlined />}
            aria-label={t('projectSettings:structure.moveTo')}
            onClick={() => {
              setMoving(s);
              setTarget(TOP);
            }}
            data-testid={`structure-move-${s._id}`}
          />
          <ConfirmDanger
            title={t('projectSettings:structure.deleteConfirm', { name: s.name })}
            description={t('projectSettings:structure.deleteHint')}
            onConfirm={() => onDelete(s)}
            okTestId="structure-delete-ok"
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('projectSettings:common.delete')}
              data-testid={`structure-delete-${s._id}`}
            />
          </ConfirmDanger>
        </Space>
      </span>
    );
  };

  return (
    <Card
      title={t('projectSettings:structure.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setDialogError(null);
            setDialog({ kind: 'create', parent: null, nodeKind: 'department' });
          }}
          data-testid="structure-add-top"
        >
          {t('projectSettings:structure.addGroup')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('projectSettings:structure.rulesHint')}</Typography.Paragraph>
      {tree.length === 0 ? (
        <Empty description={t('projectSettings:structure.empty')} />
      ) : (
        <Tree<StructureTreeNode>
          treeData={tree}
          draggable={{ icon: false }}
          blockNode
          defaultExpandAll
          selectable={false}
          titleRender={renderTitle}
          allowDrop={({ dragNode, dropNode, dropPosition }) =>
            moveError(
              list,
              dragNode.key as string,
              dropPosition === 0 ? (dropNode.key as string) : dropNode.structure.parentId,
            ) === null
          }
          onDrop={onDrop}
          data-testid="structure-tree"
        />
      )}
      <NameDialog
        open={dialog !== null}
        title={
          dialog?.kind === 'rename'
            ? t('projectSettings:structure.rename')
            : dialog?.nodeKind === 'function'
              ? t('projectSettings:structure.addFunction')
              : t('projectSettings:structure.addGroup')
        }
        label={t('projectSettings:structure.name')}
        initial={dialog?.kind === 'rename' ? dialog.structure.name : ''}
        max={STRUCTURE_NAME_MAX_LENGTH}
        busy={create.isPending || update.isPending}
        error={dialogError}
        testId="structure-dialog"
        onSubmit={(name) => void submitName(name)}
        onCancel={() => setDialog(null)}
      />
      <Modal
        open={moving !== null}
        title={t('projectSettings:structure.moveTitle', { name: moving?.name ?? '' })}
        onCancel={() => setMoving(null)}
        okButtonProps={{ ...({ 'data-testid': 'structure-move-ok' } as object) }}
        onOk={() => {
          if (!moving) return;
          const parentId = target === TOP ? null : target;
          applyMove(moving._id, parentId, list.filter((s) => s.parentId === parentId).length);
          setMoving(null);
        }}
      >
        <TreeSelect
          style={{ width: '100%' }}
          value={target}
          onChange={setTarget}
          treeData={moveTargets}
          treeDefaultExpandAll
          data-testid="structure-move-target"
        />
      </Modal>
    </Card>
  );
}
