import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import type { Viewport, ViewportCreate } from '@lintel/contracts/models';
import { Alert, App, Button, Empty, Input, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../../../components/ConfirmDanger';
import { RetryAlert } from '../../../../../components/project/RetryAlert';
import { formatTime } from '../../../../../lib/dateTime';
import { errorMessage } from '../../../../../lib/errors';
import { showFieldErrors } from '../../../../../lib/fieldErrors';
import { API_PREFIX } from '../../../../../lib/http';
import { fileUrl, uploadPicture } from '../../../../../lib/projectFiles';
import { useCurrentUser } from '../../../../account/api';
import {
  useCreateViewport,
  useDeleteViewport,
  useModelRight,
  useModelSettings,
  useUpdateViewport,
  useViewports,
} from '../../../api';
import { ToolList } from '../ToolList';
import { ViewportFormModal, type ViewportFormValues } from './ViewportFormModal';
import type { ViewState } from './viewState';

interface ViewportsPanelProps {
  projectId: string;
  /** The viewer's current view (camera, planes, visibility, models). */
  readView: () => ViewState;
  /** A picture of the canvas for the thumbnail (null: none). */
  snapshot: () => Promise<File | null>;
  restore: (viewport: Viewport) => Promise<void>;
  /** The viewport being restored right now (its button spins). */
  restoringId: string | null;
}

/** What a viewport stores of the viewer: its view and the picture of it. */
type ViewFields = Omit<ViewportCreate, 'name' | 'remark' | 'tagIds'>;

/** The last path segment of a stored file's URL is its id. */
const fileIdOf = (url: string) => url.split('?')[0]?.split('/').pop() ?? null;
const thumbnailUrl = (fileId: string) => fileUrl(`${API_PREFIX}base-service/files/${fileId}`, true);

/** The project's viewports: save the current view, filter by tag, search, restore, edit, delete. */
export function ViewportsPanel({ projectId, readView, snapshot, restore, restoringId }: ViewportsPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const [tagId, setTagId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Viewport | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // A second press while a save runs (a double click, Enter in the name) must not save a second viewport:
  // the state above only reaches the button after a render, this ref stops the second call at once.
  const savingNow = useRef(false);
  // The view of a new viewport, taken when "save the view" is pressed (the form then covers the canvas);
  // its picture uploads while the name is typed, so saving waits for the viewport alone (it spun ~3 s).
  const captured = useRef<Promise<ViewFields> | null>(null);
  const where = search.trim() ? JSON.stringify({ name: { $regex: search.trim().slice(0, 64) } }) : undefined;
  const viewports = useViewports(projectId, { tagId, where, order: '-createdAt' });
  const tags = useModelSettings(projectId, 'viewport-tags');
  const canCreate = useModelRight(projectId, 'create');
  const canEdit = useModelRight(projectId, 'edit');
  const canDelete = useModelRight(projectId, 'delete');
  const create = useCreateViewport(projectId);
  const update = useUpdateViewport(projectId);
  const remove = useDeleteViewport(projectId);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag._id, tag.name])), [tags.data]);

  const viewFields = async (): Promise<ViewFields> => {
    const view = readView();
    let thumbnailFileId: string | null = null;
    try {
      const file = await snapshot();
      if (file) thumbnailFileId = fileIdOf(await uploadPicture(projectId, file));
    } catch {
      // The picture is a nicety: the viewport saves without it.
      thumbnailFileId = null;
    }
    return { ...view, thumbnailFileId };
  };

  const submit = async (values: ViewportFormValues, form: Parameters<typeof showFieldErrors>[0]) => {
    if (savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    try {
      const fields = { name: values.name.trim(), remark: values.remark.trim(), tagIds: values.tagIds };
      if (editing) {
        const view = values.replaceView ? await viewFields() : {};
        await update.mutateAsync({ id: editing._id, ...fields, ...view });
        message.success(t('modelTools:viewports.updated'));
      } else {
        const view = await (captured.current ?? viewFields());
        if (view.modelIds.length === 0) {
          message.error(t('modelTools:viewports.noModels'));
          return;
        }
        await create.mutateAsync({ ...fields, ...view });
        captured.current = null;
        message.success(t('modelTools:viewports.saved'));
      }
      setFormOpen(false);
      setEditing(null);
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'remark', 'tagIds'])) message.error(errorMessage(error, t));
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  const mayChange = (viewport: Viewport, right: boolean | undefined) =>
    right === true || viewport.createdBy === user?._id;

  return (
    <Space orientation="vertical" size="middle" className="viewer-tool-body">
      <Button
        type="primary"
        block
        icon={<SaveOutlined />}
        disabled={canCreate.data !== true}
        title={canCreate.data === false ? t('modelTools:viewports.noRight') : undefined}
        onClick={() => {
          setEditing(null);
          const view = viewFields();
          view.catch(() => undefined);
          captured.current = view;
          setFormOpen(true);
        }}
        data-testid="viewport-save"
      >
        {t('modelTools:viewports.save')}
      </Button>
      {/* One row each: beside the search in a side panel the tag filter was too narrow to read a tag. */}
      <div className="viewer-viewport__filters">
        <Select
          allowClear
          className="viewer-tool-grow"
          placeholder={t('modelTools:viewports.allTags')}
          value={tagId}
          onChange={(value) => setTagId(value)}
          options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
          data-testid="viewport-tag-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('modelTools:viewports.search')}
          onSearch={(value) => setSearch(value)}
          // Emptying the field (typing or its clear button) shows every viewport again.
          onChange={(event) => event.target.value === '' && setSearch('')}
          data-testid="viewport-search"
        />
      </div>
      {viewports.isLoading ? (
        <Skeleton active />
      ) : viewports.isError ? (
        <RetryAlert error={viewports.error} onRetry={() => void viewports.refetch()} />
      ) : (viewports.data ?? []).length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={search || tagId ? t('modelTools:viewports.noMatch') : t('modelTools:viewports.empty')}
        />
      ) : (
        <ToolList data-testid="viewport-list">
          {(viewports.data ?? []).map((viewport) => {
            const missing = viewport.missingModelIds ?? [];
            const allMissing = missing.length > 0 && missing.length >= viewport.modelIds.length;
            return (
              <li
                key={viewport._id}
                className="viewer-viewport"
                data-testid={`viewport-item-${viewport._id}`}
              >
                <div className="viewer-viewport__row">
                  {viewport.thumbnailFileId ? (
                    <img
                      className="viewer-viewport__thumb"
                      src={thumbnailUrl(viewport.thumbnailFileId)}
                      alt=""
                    />
                  ) : (
                    <div className="viewer-viewport__thumb viewer-viewport__thumb--empty" />
                  )}
                  <div className="viewer-viewport__text">
                    <Typography.Text strong ellipsis>
                      {viewport.name}
                    </Typography.Text>
                    {viewport.remark && (
                      <Typography.Paragraph
                        type="secondary"
                        ellipsis={{ rows: 2 }}
                        className="viewer-tool-small"
                      >
                        {viewport.remark}
                      </Typography.Paragraph>
                    )}
                    <Space size={[0, 4]} wrap>
                      {viewport.tagIds.map((id) => (
                        <Tag key={id}>{tagNames.get(id) ?? '…'}</Tag>
                      ))}
                    </Space>
                    <Typography.Text type="secondary" className="viewer-tool-small">
                      {formatTime(viewport.createdAt)}
                    </Typography.Text>
                    {missing.length > 0 && (
                      <Alert
                        type="warning"
                        showIcon
                        className="viewer-tool-small"
                        title={
                          allMissing
                            ? t('modelTools:viewports.allModelsDeleted')
                            : t('modelTools:viewports.someModelsDeleted', { count: missing.length })
                        }
                      />
                    )}
                  </div>
                </div>
                <Space wrap className="viewer-viewport__actions">
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    disabled={allMissing}
                    loading={restoringId === viewport._id}
                    onClick={() => void restore(viewport)}
                    data-testid={`viewport-restore-${viewport._id}`}
                  >
                    {t('modelTools:viewports.restore')}
                  </Button>
                  {mayChange(viewport, canEdit.data) && (
                    <Tooltip title={t('modelTools:action.edit')}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('modelTools:action.edit')}
                        onClick={() => {
                          setEditing(viewport);
                          setFormOpen(true);
                        }}
                        data-testid={`viewport-edit-${viewport._id}`}
                      />
                    </Tooltip>
                  )}
                  {mayChange(viewport, canDelete.data) && (
                    <ConfirmDanger
                      title={t('modelTools:viewports.deleteConfirm', { name: viewport.name })}
                      okTestId={`viewport-delete-ok-${viewport._id}`}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync(viewport._id);
                          message.success(t('modelTools:viewports.deleted'));
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
                        data-testid={`viewport-delete-${viewport._id}`}
                      />
                    </ConfirmDanger>
                  )}
                </Space>
              </li>
            );
          })}
        </ToolList>
      )}
      <ViewportFormModal
        projectId={projectId}
        open={formOpen}
        editing={editing}
        saving={saving}
        onCancel={() => {
          setFormOpen(false);
          setEditing(null);
          captured.current = null;
        }}
        onSubmit={(values, form) => void submit(values, form)}
      />
    </Space>
  );
}
