import {
  CompressOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, InputNumber, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Zoom } from './zoom';

/** The bar above a viewer: its controls on the left, the zoom on the right, the limit notice under it. */
export function ViewerToolbar({ zoom, children }: { zoom: Zoom; children?: ReactNode }) {
  return (
    <div className="file-preview__toolbar" data-testid="file-preview-toolbar">
      <div className="file-preview__toolbar-group">{children}</div>
      <ZoomControls zoom={zoom} />
    </div>
  );
}

function ZoomControls({ zoom }: { zoom: Zoom }) {
  const { t } = useTranslation();
  const percent = Math.round(zoom.scale * 100);
  return (
    <div className="file-preview__toolbar-group">
      {/* Never disabled at a limit: pressing it there says why nothing happens (spec 001 §9). */}
      <Tooltip title={t('preview:zoom.out')}>
        <Button
          icon={<ZoomOutOutlined />}
          aria-label={t('preview:zoom.out')}
          onClick={zoom.zoomOut}
          data-testid="file-preview-zoom-out"
        />
      </Tooltip>
      <span
        className="file-preview__zoom-level"
        aria-live="polite"
        title={t('preview:zoom.level', { percent })}
        data-testid="file-preview-zoom-level"
      >
        {percent}%
      </span>
      <Tooltip title={t('preview:zoom.in')}>
        <Button
          icon={<ZoomInOutlined />}
          aria-label={t('preview:zoom.in')}
          onClick={zoom.zoomIn}
          data-testid="file-preview-zoom-in"
        />
      </Tooltip>
      <Tooltip title={t('preview:zoom.fit')}>
        <Button
          icon={<CompressOutlined />}
          aria-label={t('preview:zoom.fit')}
          aria-pressed={zoom.fitted}
          onClick={zoom.fit}
          data-testid="file-preview-zoom-fit"
        />
      </Tooltip>
    </div>
  );
}

/** The zoom limit just reached, said for a moment (and to screen readers). */
export function ZoomLimitNotice({ zoom }: { zoom: Zoom }) {
  const { t } = useTranslation();
  return (
    <div className="file-preview__notice-slot" role="status" aria-live="polite">
      {zoom.limit ? (
        <span className="file-preview__notice" data-testid="file-preview-zoom-limit">
          {zoom.limit === 'out' ? t('preview:zoom.cannotZoomOut') : t('preview:zoom.cannotZoomIn')}
        </span>
      ) : null}
    </div>
  );
}

interface PageControlsProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous / next and the page number, for documents of several pages. */
export function PageControls({ page, total, onChange }: PageControlsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        icon={<LeftOutlined />}
        aria-label={t('preview:page.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        data-testid="file-preview-page-previous"
      />
      <InputNumber
        size="middle"
        min={1}
        max={total}
        value={page}
        precision={0}
        controls={false}
        className="file-preview__page-input"
        aria-label={t('preview:page.label')}
        onChange={(value) => {
          if (typeof value === 'number' && value >= 1 && value <= total) onChange(value);
        }}
        data-testid="file-preview-page-input"
      />
      <span className="file-preview__page-total" data-testid="file-preview-page-total">
        {t('preview:page.total', { total })}
      </span>
      <Button
        icon={<RightOutlined />}
        aria-label={t('preview:page.next')}
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
        data-testid="file-preview-page-next"
      />
    </>
  );
}
