import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type GrantValue,
  hasScreens,
  type PermissionType,
  TEMPLATE_NAME_MAX_LENGTH,
  type Template,
} from '@lintel/contracts/permissions';
import { App, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { InlineAlert } from '../../../components/InlineAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject } from '../../workbench';
import { NameDialog } from '../components/NameDialog';
import {
  type GrantMatrix,
  PermissionMatrix,
  PICKABLE_TREES,
  type TreeScopeMatrix,
} from '../components/PermissionMatrix';
import { templateDisplayName } from '../templateName';
import {
  useCreateTemplate,
  useDeleteTemplate,
  useProjectModulesForMatrix,
  useTemplates,
  useTemplateTreeNodes,
  useUpdateTemplate,
} from '../templatesApi';
import { useDirtyFlag, useUnsavedChanges } from '../unsavedChanges';

type Dialog = { kind: 'create' } | { kind: 'rename'; template: Template } | null;

/** The matrix of one template, edited as a draft and saved with PUT templates/{id}. */
function TemplateEditor({ projectId, template }: { projectId: string; template: Template }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLanguage();
  const modules = useProjectModulesForMatrix(projectId);
  // Only the modules this build has screens for (the others keep what the template says of them).
  const shown = useMemo(() => (modules.data ?? []).filter((m) => hasScreens(m.moduleKey)), [modules.data]);
  const update = useUpdateTemplate(projectId);
  const [draft, setDraft] = useState<GrantMatrix>(template.grants);
  const [treeDraft, setTreeDraft] = useState<TreeScopeMatrix>(template.treeScopes);
  const [failure, setFailure] = useState<string | null>(null);
  const grantsDirty = useMemo(
    () => JSON.stringify(draft) !== JSON.stringify(template.grants),
    [draft, template.grants],
  );
  const treesDirty = useMemo(
    () => JSON.stringify(treeDraft) !== JSON.stringify(template.treeScopes),
    [treeDraft, template.treeScopes],
  );
  const dirty = grantsDirty || treesDirty;
  useDirtyFlag(dirty);

  useEffect(() => setDraft(template.grants), [template.grants]);
  useEffect(() => setTreeDraft(template.treeScopes), [template.treeScopes]);

  // Only the trees some module of the matrix offers are loaded (units from personnel, tags from models).
  const offeredTrees = useMemo(
    () => new Set(shown.flatMap((m) => m.treeScopes.filter((tree) => PICKABLE_TREES.includes(tree)))),
    [shown],
  );
  const treeNodes = useTemplateTreeNodes(projectId, offeredTrees);

  const onChange = (moduleKey: string, permission: PermissionType, value: GrantValue) =>
    setDraft((current) => ({ ...current, [moduleKey]: { ...current[moduleKey], [permission]: value } }));
  const onTreeScopeChange = (moduleKey: string, tree: string, ids: string[]) =>
    setTreeDraft((current) => ({ ...current, [moduleKey]: { ...current[moduleKey], [tree]: ids } }));
  const discard = () => {
    setDraft(template.grants);
    setTreeDraft(template.treeScopes);
  };

  const save = async () => {
    setFailure(null);
    try {
      // Only what changed: a matrix edit does not resend the tree scopes, nor the other way round.
      await update.mutateAsync({
        id: template._id,
        ...(grantsDirty ? { grants: draft } : {}),
        ...(treesDirty ? { treeScopes: treeDraft } : {}),
      });
      void message.success(t('projectSettings:templates.saved'));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  if (modules.isPending) return <PageSpinner />;
  if (modules.isError) {
    return (
      <ErrorState
        title={t('projectSettings:templates.modulesError')}
        description={errorMessage(modules.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void modules.refetch()}
        testId="matrix-error"
      />
    );
  }
  return (
    <Card
      title={
        <span data-testid="template-editor-name">
          {t('projectSettings:templates.editing', { name: templateDisplayName(template.name, language) })}
        </span>
      }
      extra={
        <Space>
          <Button disabled={!dirty || update.isPending} onClick={discard} data-testid="matrix-reset">
            {t('projectSettings:common.discard')}
          </Button>
          <Button
            type="primary"
            disabled={!dirty}
            loading={update.isPending}
            onClick={() => void save()}
            data-testid="matrix-save"
          >
            {t('projectSettings:common.save')}
          </Button>
        </Space>
      }
    >
      {failure ? <InlineAlert type="error" message={failure} testId="matrix-save-error" /> : null}
      {treeNodes.error ? (
        <InlineAlert
          type="warning"
          message={t('projectSettings:templates.treeScope.loadError', {
            reason: errorMessage(treeNodes.error, t),
          })}
          testId="matrix-tree-error"
        />
      ) : null}
      <Typography.Paragraph type="secondary" className="project-settings__hint" data-testid="matrix-hint">
        {t('projectSettings:templates.ownRecordsHint')}
      </Typography.Paragraph>
      {shown.length === 0 ? (
        <Empty description={t('projectSettings:templates.noModules')} />
      ) : (
        <PermissionMatrix
          modules={shown}
          grants={draft}
          onChange={onChange}
          disabled={update.isPending}
          treeScopes={treeDraft}
          treeOptions={treeNodes.options}
          onTreeScopeChange={onTreeScopeChange}
        />
      )}
    </Card>
  );
}

/**
 * Permission templates: the list (create, rename, delete — the default one and those in use are protected
 * by the server, whose message is shown) and the module × permission matrix of the selected one.
 */
export default function TemplatesSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const { confirmLeave } = useUnsavedChanges();
  const templates = useTemplates(projectId);
  const create = useCreateTemplate(projectId);
  const update = useUpdateTemplate(projectId);
  const remove = useDeleteTemplate(projectId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  if (templates.isPending) return <PageSpinner />;
  if (templates.isError) {
    return (
      <ErrorState
        title={t('projectSettings:templates.loadError')}
        description={errorMessage(templates.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void templates.refetch()}
        testId="templates-error"
      />
    );
  }
  const list = templates.data;
  const selected = list.find((template) => template._id === selectedId) ?? list[0] ?? null;

  const select = (id: string) => {
    if (id === selected?._id) return;
    void confirmLeave().then((leave) => {
      if (leave) setSelectedId(id);
    });
  };

  const submitName = async (name: string) => {
    setDialogError(null);
    try {
      if (dialog?.kind === 'create') {
        const created = await create.mutateAsync({ name, grants: {} });
        setSelectedId(created._id);
        void message.success(t('projectSettings:templates.created'));
      } else if (dialog?.kind === 'rename') {
        await update.mutateAsync({ id: dialog.template._id, name });
        void message.success(t('projectSettings:templates.renamed'));
      }
      setDialog(null);
    } catch (error) {
      setDialogError(errorMessage(error, t));
    }
  };

  const onDelete = async (template: Template) => {
    try {
      await remove.mutateAsync(template._id);
      if (selectedId === template._id) setSelectedId(null);
      void message.success(t('projectSettings:templates.deleted'));
    } catch (error) {
      void message.error({ content: errorMessage(error, t), key: 'template-delete' });
    }
  };

  return (
    <div className="project-settings__split">
      <Card
        className="project-settings__list"
        title={t('projectSettings:templates.title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setDialogError(null);
              setDialog({ kind: 'create' });
            }}
            data-testid="template-create"
          >
            {t('projectSettings:templates.create')}
          </Button>
        }
      >
        {list.length === 0 ? (
          <Empty description={t('projectSettings:templates.empty')} />
        ) : (
          <ul className="project-settings__list-items" data-testid="template-list">
            {list.map((template) => (
              <li
                key={template._id}
                className={
                  template._id === selected?._id
                    ? 'project-settings__list-item is-selected'
                    : 'project-settings__list-item'
                }
                data-testid={`template-${template._id}`}
              >
                <button
                  type="button"
                  className="project-settings__list-button"
                  aria-current={template._id === selected?._id}
                  onClick={() => select(template._id)}
                  data-testid={`template-select-${template._id}`}
                >
                  <Typography.Text strong={template._id === selected?._id}>
                    {templateDisplayName(template.name, language)}
                  </Typography.Text>
                  <span className="project-settings__list-meta">
                    {template.isDefault ? (
                      <Tag color="blue">{t('projectSettings:templates.default')}</Tag>
                    ) : null}
                    <Typography.Text type="secondary">
                      {t('projectSettings:templates.memberCount', { count: template.memberCount })}
                    </Typography.Text>
                  </span>
                </button>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('projectSettings:templates.rename')}
                  data-testid={`template-rename-${template._id}`}
                  onClick={() => {
                    setDialogError(null);
                    setDialog({ kind: 'rename', template });
                  }}
                />
                <ConfirmDanger
                  title={t('projectSettings:templates.deleteConfirm', {
                    name: templateDisplayName(template.name, language),
                  })}
                  onConfirm={() => onDelete(template)}
                  okTestId="template-delete-ok"
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('projectSettings:templates.delete')}
                    data-testid={`template-delete-${template._id}`}
                  />
                </ConfirmDanger>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="project-settings__detail">
        {selected ? (
          <TemplateEditor key={selected._id} projectId={projectId} template={selected} />
        ) : (
          <Empty description={t('projectSettings:templates.empty')} />
        )}
      </div>
      <NameDialog
        open={dialog !== null}
        title={
          dialog?.kind === 'rename'
            ? t('projectSettings:templates.rename')
            : t('projectSettings:templates.create')
        }
        label={t('projectSettings:templates.name')}
        initial={dialog?.kind === 'rename' ? dialog.template.name : ''}
        max={TEMPLATE_NAME_MAX_LENGTH}
        busy={create.isPending || update.isPending}
        error={dialogError}
        testId="template-dialog"
        onSubmit={(name) => void submitName(name)}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
