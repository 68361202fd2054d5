import { Button, Skeleton } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor';

/** The editor is its own chunk: it loads with the form, never with the lists, the detail or /login. */
const loadEditor = () => import('./RichTextEditor');
let LazyEditor = lazy(loadEditor);

class LoadBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}

/** The content field of the form (antd's Form.Item gives it id, value and onChange). */
export function ContentField(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const [, setAttempt] = useState(0);
  const failed = (retry: () => void) => (
    <div className="announcement-editor announcement-editor--failed" role="alert">
      <span>{t('announcements:editor.loadFailed')}</span>
      <Button
        size="small"
        onClick={() => {
          // A failed lazy component keeps its failure: a new one loads the chunk again.
          LazyEditor = lazy(loadEditor);
          setAttempt((n) => n + 1);
          retry();
        }}
      >
        {t('announcements:editor.retry')}
      </Button>
    </div>
  );
  return (
    <LoadBoundary fallback={failed}>
      <Suspense
        fallback={
          <div
            className="announcement-editor"
            role="status"
            aria-busy="true"
            aria-label={t('announcements:editor.loading')}
          >
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          </div>
        }
      >
        <LazyEditor {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
