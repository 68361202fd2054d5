import '../locales';
import '../models.css';
import { EyeOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { MODEL_STATUSES, type Model, type ModelStatus } from '@lintel/contracts/models';
import { App, Button, Input, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { FilterSheet } from '../../../components/list/FilterSheet';
import { liveResults } from '../../../components/list/liveResults';
import { MissingRight } from '../../../components/MissingRight';
import { useProjectMembers } from '../../../components/project/members';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { errorMessage } from '../../../lib/errors';
import { lazyComponent } from '../../../lib/lazyComponent';
import { displayName } from '../../../lib/people';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useDeleteModel, useModelRight, useModelSettings, useModels } from '../api';
import { FilePicker } from '../components/FilePicker';
import { ModelTable } from '../components/ModelTable';
import { UploadPanel } from '../components/UploadPanel';
import { isFiltered, KEYWORD_MAX_LENGTH, type ModelFilters, readFilters, writeFilters } from '../filters';
import { modelSettingsPath, modelViewerPath } from '../paths';
import { useFileIntake } from '../useFileIntake';
import { useModelUploads } from '../useModelUploads';

// The edit dialog (a form: ~30 KB gzip) and the versions drawer (its table of versions) load when first
// opened, not with the list (issue 15 §4).
const ModelEditDialog = lazyComponent(
  () => import('../components/ModelEditDialog').then((module) => module.ModelEditDialog),
  { when: (props) => props.model !== null },
);
const VersionsDrawer = lazyComponent(
  () => import('../components/VersionsDrawer').then((module) => module.VersionsDrawer),
  { when: (props) => props.model !== null },
);

/** /projects/:projectId/models — the project's IFC models: upload, conversion, versions, tags. */
export default function ModelsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <Models />
      </WorkbenchLayout>
    </App>
  );
}

/** The search box: typed text reaches the address (and the request) once the typing stops. */
function KeywordSearch({ value, onSearch }: { value: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      value={text}
      maxLength={KEYWORD_MAX_LENGTH}
      placeholder={t('models:list.search')}
      aria-label={t('models:list.search')}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => onSearch(text)}
      className="models-filters__keyword"
      data-testid="models-search"
    />
  );
}

function Models() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { projectId, isAdmin } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = useModels(projectId, filters);
  const tags = useModelSettings(projectId, 'model-tags');
  const members = useProjectMembers(projectId);
  const uploadRight = useModelRight(projectId, 'upload').data;
  const canUpload = uploadRight === true;
  const canEdit = useModelRight(projectId, 'edit').data === true;
  const canDelete = useModelRight(projectId, 'delete').data === true;
  const canDownload = useModelRight(projectId, 'download').data === true;
  const remove = useDeleteModel(projectId);
  const [selected, setSelected] = useState<string[]>([]);
  const [versionsOf, setVersionsOf] = useState<Model | null>(null);
  const [editing, setEditing] = useState<Model | null>(null);

  const uploads = useModelUploads(projectId, (item) => {
    void message.success(
      item.created
        ? t('models:upload.successCreated', { name: item.modelName })
        : t('models:upload.successVersion', {
            name: item.modelName,
            number: item.model?.currentVersion.number,
          }),
    );
  });
  const intake = useFileIntake(projectId, uploads);

  const change = useCallback(
    (patch: Partial<ModelFilters>) => {
      setParams((current) => {
        // A new filter starts again at the first page.
        const paging = 'page' in patch || 'pageSize' in patch ? {} : { page: 1 };
        return writeFilters({ ...readFilters(current), ...paging, ...patch });
      });
    },
    [setParams],
  );
  const search = useCallback((keyword: string) => change({ keyword }), [change]);

  const names = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.userId, displayName(member.user) ?? ''])),
    [members.data],
  );
  // Until the members are in, a name is blank rather than wrongly "former member".
  const uploaderName = useCallback(
    (userId: string) => names.get(userId) || (members.isSuccess ? t('models:list.formerMember') : ''),
    [names, members.isSuccess, t],
  );

  // The drawer shows the model as the list has it now (status, current version).
  const drawerModel = versionsOf
    ? (list.data?.rows.find((row) => row._id === versionsOf._id) ?? versionsOf)
    : null;

  const confirmDelete = (model: Model) => {
    modal.confirm({
      title: t('models:delete.title', { name: model.name }),
      content: t('models:delete.content', { count: model.versionCount }),
      okText: t('models:action.delete'),
      okType: 'danger',
      okButtonProps: { danger: true, ...({ 'data-testid': 'model-delete-ok' } as object) },
      cancelText: t('models:action.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(model._id);
          setSelected((ids) => ids.filter((id) => id !== model._id));
          void message.success(t('models:delete.done', { name: model.name }));
        } catch (error) {
          void message.error(errorMessage(error, t));
        }
      },
    });
  };

  const picker = (
    <FilePicker type="primary" multiple onFiles={(files) => void intake(files)} testId="models-upload">
      {t('models:action.upload')}
    </FilePicker>
  );
  const uploadButton = canUpload ? picker : null;
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }));

  return (
    <div className="models" data-testid="models-page">
      <div className="project-page__head">
        <div>
          <Typography.Title level={3} className="project-page__title">
            {t('models:title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('models:list.hint')}</Typography.Paragraph>
        </div>
        <Space wrap>
          {isAdmin || canEdit ? (
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate(modelSettingsPath(projectId))}
              data-testid="models-settings"
            >
              {t('models:action.settings')}
            </Button>
          ) : null}
          <Button
            icon={<EyeOutlined />}
            disabled={selected.length === 0}
            title={selected.length === 0 ? t('models:list.federateHint') : undefined}
            onClick={() => void navigate(modelViewerPath(projectId, { models: selected }))}
            data-testid="models-open-selected"
          >
            {t('models:action.openSelected', { count: selected.length })}
          </Button>
          <MissingRight
            projectId={projectId}
            module="modelViewer"
            permission="upload"
            allowed={uploadRight}
            testId="models-upload-missing"
          >
            {picker}
          </MissingRight>
        </Space>
      </div>
      <UploadPanel uploads={uploads} />
      <FilterSheet
        className="models-filters"
        testId="models-filters"
        active={(filters.status ? 1 : 0) + (filters.tagId ? 1 : 0)}
        results={liveResults(list, list.data?.total)}
        showClear={false}
        onClear={() => change({ status: null, tagId: null, keyword: '' })}
        search={<KeywordSearch value={filters.keyword} onSearch={search} />}
      >
        <Select<ModelStatus | null>
          allowClear
          value={filters.status}
          placeholder={t('models:list.allStatuses')}
          onChange={(status) => change({ status: status ?? null })}
          options={MODEL_STATUSES.map((status) => ({ value: status, label: t(`models:status.${status}`) }))}
          className="models-filters__select"
          aria-label={t('models:field.status')}
          data-testid="models-filter-status"
        />
        <Select<string | null>
          allowClear
          showSearch
          optionFilterProp="label"
          value={filters.tagId}
          placeholder={t('models:list.allTags')}
          notFoundContent={t('models:list.noTags')}
          onChange={(tagId) => change({ tagId: tagId ?? null })}
          options={tagOptions}
          className="models-filters__select"
          aria-label={t('models:field.tags')}
          data-testid="models-filter-tag"
        />
      </FilterSheet>
      {tags.isError ? <RetryAlert error={tags.error} onRetry={() => void tags.refetch()} /> : null}
      {/* A refresh (or a status poll) that failed while the last page is still shown. */}
      {list.isError && list.data ? (
        <RetryAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isError && !list.data ? (
        <ErrorState
          title={t('models:list.error')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
          testId="models-error"
        />
      ) : (
        <ModelTable
          projectId={projectId}
          rows={list.data?.rows ?? []}
          total={list.data?.total ?? 0}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          filters={filters}
          filtered={isFiltered(filters)}
          tags={tags.data ?? []}
          tagsReady={tags.isSuccess}
          uploaderName={uploaderName}
          selected={selected}
          onSelect={setSelected}
          onChange={change}
          onVersions={setVersionsOf}
          onEdit={canEdit ? setEditing : undefined}
          onDelete={canDelete ? confirmDelete : undefined}
          emptyAction={uploadButton}
        />
      )}
      <VersionsDrawer
        projectId={projectId}
        model={drawerModel}
        rights={{ upload: canUpload, delete: canDelete, download: canDownload, edit: canEdit }}
        userId={user?._id}
        uploaderName={uploaderName}
        onUploadVersion={(files, model) => void intake(files, model)}
        onClose={() => setVersionsOf(null)}
      />
      <ModelEditDialog
        projectId={projectId}
        model={editing}
        tags={tags.data ?? []}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
