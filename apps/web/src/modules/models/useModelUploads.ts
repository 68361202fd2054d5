import type { Model } from '@lintel/contracts/models';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { type ModelUploadHandle, startModelUpload, useRefreshModels } from './api';

export type UploadState = 'uploading' | 'done' | 'failed' | 'cancelled';

/** One upload of the page's progress panel. */
export interface UploadItem {
  key: string;
  fileName: string;
  modelName: string;
  size: number;
  /** 0–100. */
  percent: number;
  state: UploadState;
  /** True when it goes over tus (resumable). */
  resumable: boolean;
  /** Why it failed, in the reader's language. */
  error?: string;
  /** When done: whether a model was made (else a version was added) and the model as answered. */
  created?: boolean;
  model?: Model;
}

export interface UploadStart {
  file: File;
  name: string;
  /** A new version of this model explicitly (the versions drawer). */
  modelId?: string;
}

let sequence = 0;

/**
 * The uploads of the model list page: several at once, each with its progress, cancellable; when one ends
 * the lists refresh (the new model or version appears queued, then the list polls its conversion).
 */
export function useModelUploads(projectId: string, onFinished?: (item: UploadItem) => void) {
  const { t } = useTranslation();
  const refresh = useRefreshModels(projectId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<string, ModelUploadHandle>());
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // Leaving the page stops what is still going; a large (tus) upload keeps its bytes on the server and
  // resumes where it stopped when the same file is picked again.
  useEffect(() => {
    const running = handles.current;
    return () => {
      for (const handle of running.values()) handle.pause();
      running.clear();
    };
  }, []);

  // Closing or reloading the tab during an upload asks first (the browser's own prompt).
  const uploading = items.some((item) => item.state === 'uploading');
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    ({ file, name, modelId }: UploadStart) => {
      sequence += 1;
      const key = `upload-${sequence}`;
      const handle = startModelUpload({
        projectId,
        file,
        name,
        modelId,
        onProgress: (percent) => patch(key, { percent }),
      });
      handles.current.set(key, handle);
      setItems((current) => [
        ...current,
        {
          key,
          fileName: file.name,
          modelName: name,
          size: file.size,
          percent: 0,
          state: 'uploading',
          resumable: handle.resumable,
        },
      ]);
      handle.promise.then(
        (result) => {
          handles.current.delete(key);
          const done: Partial<UploadItem> = {
            state: 'done',
            percent: 100,
            created: result.created,
            model: result.model,
          };
          patch(key, done);
          void refresh();
          finished.current?.({
            key,
            fileName: file.name,
            modelName: name,
            size: file.size,
            resumable: handle.resumable,
            ...done,
          } as UploadItem);
        },
        (error: unknown) => {
          handles.current.delete(key);
          const aborted = error instanceof DOMException && error.name === 'AbortError';
          patch(key, aborted ? { state: 'cancelled' } : { state: 'failed', error: errorMessage(error, t) });
        },
      );
      return key;
    },
    [projectId, patch, refresh, t],
  );

  const cancel = useCallback((key: string) => {
    handles.current.get(key)?.cancel();
  }, []);

  /** Removes the finished, failed and cancelled rows from the panel. */
  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.state === 'uploading'));
  }, []);

  const dismiss = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key || item.state === 'uploading'));
  }, []);

  return { items, start, cancel, clearFinished, dismiss };
}

export type ModelUploads = ReturnType<typeof useModelUploads>;
