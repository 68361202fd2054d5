import './locales';
import './viewpoint.css';
import { EyeOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_PREFIX, isHttpError } from '../../../lib/http';
import { fileUrl } from '../../../lib/projectFiles';
import { useViewport } from '../api';
import { modelViewerPath } from '../paths';

const thumbnailUrl = (fileId: string) => fileUrl(`${API_PREFIX}base-service/files/${fileId}`, true);

/**
 * A record's viewpoint (issue 16) on its page: the snapshot taken when it was raised, and "view in model",
 * which opens the viewer on that view (camera, section, visibility) with `element` selected. Someone who
 * may not see the project's viewports, or a viewpoint since deleted, gets a line saying so.
 */
export function ViewpointCard(props: {
  projectId: string;
  viewportId: string;
  element?: { modelId: string; globalId: string } | undefined;
}) {
  const { projectId, viewportId, element } = props;
  const { t } = useTranslation();
  const viewport = useViewport(projectId, viewportId);

  if (viewport.isPending) return <Skeleton.Image active data-testid="viewpoint-loading" />;
  if (viewport.isError) {
    const gone = isHttpError(viewport.error) && [403, 404].includes(viewport.error.status);
    return (
      <Typography.Text type="secondary" data-testid="viewpoint-unavailable">
        {gone ? t('modelViewpoint:unavailable') : t('modelViewpoint:loadFailed')}
      </Typography.Text>
    );
  }
  const view = viewport.data;
  const path = modelViewerPath(projectId, {
    models: view.modelIds,
    viewport: view._id,
    ...(element && view.modelIds.includes(element.modelId) ? { element } : {}),
  });
  return (
    <div className="viewpoint-card" data-testid="viewpoint-card">
      {view.thumbnailFileId ? (
        <Link to={path} className="viewpoint-card__picture" aria-label={t('modelViewpoint:viewInModel')}>
          <img
            src={thumbnailUrl(view.thumbnailFileId)}
            alt={t('modelViewpoint:snapshotAlt')}
            data-testid="viewpoint-snapshot"
          />
        </Link>
      ) : null}
      <Link to={path} className="viewpoint-card__open" data-testid="viewpoint-open">
        <EyeOutlined /> {t('modelViewpoint:viewInModel')}
      </Link>
    </div>
  );
}
