import { MODEL_UPLOAD_DEFAULT_MAX_BYTES, type Model } from '@lintel/contracts/models';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { findModelByName } from './api';
import { checkModelFile, modelNameOf } from './uploadCheck';
import type { ModelUploads } from './useModelUploads';

/**
 * What happens to picked files: each is checked (extension, size, header) and refused with a clear message,
 * or uploaded. Without a target model, a file whose name is already a model's asks first whether it should
 * become that model's next version; with a target (the versions drawer) it is a new version of that model.
 */
export function useFileIntake(projectId: string, uploads: ModelUploads) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  const askNextVersion = useCallback(
    (model: Model, fileName: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('models:upload.existsTitle', { name: model.name }),
          content: t('models:upload.existsContent', {
            file: fileName,
            name: model.name,
            current: model.currentVersion.number,
          }),
          okText: t('models:upload.asVersion'),
          cancelText: t('models:action.cancel'),
          okButtonProps: { ...({ 'data-testid': 'models-upload-version-ok' } as object) },
          cancelButtonProps: { ...({ 'data-testid': 'models-upload-version-cancel' } as object) },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  return useCallback(
    async (files: readonly File[], target?: Model) => {
      for (const file of files) {
        const refusal = await checkModelFile(file);
        if (refusal) {
          void message.error({
            content: t(`models:upload.refused.${refusal}`, {
              file: file.name,
              max: formatBytes(MODEL_UPLOAD_DEFAULT_MAX_BYTES),
            }),
            duration: 6,
          });
          continue;
        }
        if (target) {
          uploads.start({ file, name: target.name, modelId: target._id });
          continue;
        }
        const name = modelNameOf(file.name);
        let existing: Model | null;
        try {
          existing = await findModelByName(projectId, name);
        } catch (error) {
          void message.error(
            t('models:upload.lookupFailed', { file: file.name, reason: errorMessage(error, t) }),
          );
          continue;
        }
        if (existing && !(await askNextVersion(existing, file.name))) continue;
        uploads.start({ file, name });
      }
    },
    [askNextVersion, message, projectId, t, uploads],
  );
}
