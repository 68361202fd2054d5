import { MODEL_STATUS_LABELS } from '@lintel/contracts/models';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../app/useLanguage';
import { errorMessage } from '../../../../lib/errors';
import { formatBytes } from '../../../../lib/format';
import { VIEWER_MAX_FRAGMENTS_BYTES } from '../limits';
import type { ModelLoadState } from '../useModelLoading';

interface LoadStatusProps {
  states: readonly ModelLoadState[];
  onRetry: (modelId: string) => void;
  onRemove: (modelId: string) => void;
}

/** Percent of a model's whole opening: the download counts for 70 %, the parsing for the rest. */
export function loadPercent(state: ModelLoadState): number {
  if (state.phase === 'ready') return 100;
  if (state.phase === 'parse') return Math.round(70 + (Math.min(state.loaded, 100) / 100) * 30);
  if (state.phase === 'download') {
    const total = state.total ?? state.size;
    return total ? Math.round(Math.min(state.loaded / total, 1) * 70) : 0;
  }
  return 0;
}

/** Progress of the models being opened, and why some could not be (one alert per reason). */
export function LoadStatus({ states, onRetry, onRemove }: LoadStatusProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const loading = states.filter((state) => state.phase !== 'ready' && state.phase !== 'error');
  const failed = states.filter((state) => state.phase === 'error');
  const forbidden = failed.filter((state) => state.error?.kind === 'noPermission');
  const others = failed.filter((state) => state.error?.kind !== 'noPermission');
  const ready = states.filter((state) => state.phase === 'ready');

  const nameOf = (state: ModelLoadState) => state.name ?? t('modelViewer:load.unnamed');
  const reason = (state: ModelLoadState) => {
    const error = state.error;
    const name = nameOf(state);
    switch (error?.kind) {
      case 'deleted':
        // A deleted model answers 410 without its name.
        return state.name ? t('modelViewer:load.deleted', { name }) : t('modelViewer:load.deletedUnnamed');
      case 'notReady':
        return t('modelViewer:load.notReady', {
          name,
          status: error.model
            ? MODEL_STATUS_LABELS[error.model.currentVersion.status][language === 'en-US' ? 'nameEn' : 'name']
            : '',
        });
      case 'failed':
        return t('modelViewer:load.failed', {
          name,
          reason: error.model?.currentVersion.error?.message ?? '',
        });
      case 'tooLarge':
        return t('modelViewer:load.tooLarge', {
          name,
          size: formatBytes(state.size ?? 0),
          limit: formatBytes(VIEWER_MAX_FRAGMENTS_BYTES),
        });
      default:
        return t('modelViewer:load.error', { name, message: errorMessage(error?.cause, t) });
    }
  };
  const retryable = (state: ModelLoadState) =>
    state.error?.kind === 'error' || state.error?.kind === 'notReady';

  return (
    <div className="viewer-load" data-testid="viewer-load-status">
      {loading.map((state) => (
        <div
          key={state.modelId}
          className="viewer-load__item"
          data-testid={`viewer-loading-${state.modelId}`}
        >
          <Typography.Text ellipsis>
            {state.phase === 'meta'
              ? t('modelViewer:load.meta', { name: nameOf(state) })
              : state.phase === 'download'
                ? state.total
                  ? t('modelViewer:load.download', {
                      name: nameOf(state),
                      loaded: formatBytes(state.loaded),
                      total: formatBytes(state.total),
                    })
                  : t('modelViewer:load.downloadUnknown', {
                      name: nameOf(state),
                      loaded: formatBytes(state.loaded),
                    })
                : t('modelViewer:load.parse', { name: nameOf(state), percent: Math.min(state.loaded, 100) })}
          </Typography.Text>
          <Progress percent={loadPercent(state)} size="small" status="active" showInfo={false} />
        </div>
      ))}
      {forbidden.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="viewer-load-forbidden"
          title={
            ready.length > 0 || loading.length > 0
              ? t('modelViewer:load.noPermissionSome', { count: forbidden.length })
              : t('modelViewer:load.noPermissionAll', { count: forbidden.length })
          }
          action={
            <Button
              size="small"
              onClick={() => {
                for (const state of forbidden) onRemove(state.modelId);
              }}
            >
              {t('modelViewer:load.remove')}
            </Button>
          }
        />
      )}
      {others.map((state) => (
        <Alert
          key={state.modelId}
          type={state.error?.kind === 'notReady' ? 'info' : 'error'}
          showIcon
          data-testid={`viewer-load-error-${state.error?.kind}`}
          title={reason(state)}
          action={
            <Space orientation="vertical" size={4}>
              {retryable(state) && (
                <Button size="small" onClick={() => onRetry(state.modelId)}>
                  {t('common:action.retry')}
                </Button>
              )}
              <Button size="small" onClick={() => onRemove(state.modelId)}>
                {t('modelViewer:load.remove')}
              </Button>
            </Space>
          }
        />
      ))}
    </div>
  );
}
