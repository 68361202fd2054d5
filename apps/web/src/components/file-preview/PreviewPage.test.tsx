import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../lib/http';
import { type FakeApi, startFakeApi } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import { FilePreviewModal } from './FilePreviewModal';
import PreviewPage from './PreviewPage';
import { FILE_ID, makeMeta, serveFile } from './testSupport';

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
});

const zip = () =>
  makeMeta({ name: '竣工资料.zip', contentType: 'application/zip', kind: 'none', previewable: false });

describe('/preview/:fileId', () => {
  it('previews the file the path names, its name as the page heading', async () => {
    serveFile(api, zip);
    renderRoutes({ '/preview/:fileId': <PreviewPage /> }, { path: `/preview/${FILE_ID}`, user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: '竣工资料.zip' })).toBeInTheDocument();
    expect(screen.getByTestId('file-preview-not-previewable')).toBeInTheDocument();
    // On its own page there is nothing to close.
    expect(screen.queryByTestId('file-preview-close')).not.toBeInTheDocument();
  });

  it('an id that cannot exist is a "file error" at once, without asking the server', async () => {
    renderRoutes({ '/preview/:fileId': <PreviewPage /> }, { path: '/preview/..%2Fetc', user: makeUser() });
    expect(await screen.findByTestId('file-preview-error')).toHaveTextContent(
      '文件不存在，或您没有查看它的权限',
    );
    expect(api.requests).toHaveLength(0);
  });
});

describe('FilePreviewModal', () => {
  function Screen({ onClosed }: { onClosed: () => void }) {
    const [open, setOpen] = useState<string | null>(null);
    return (
      <>
        <button type="button" onClick={() => setOpen(FILE_ID)}>
          open
        </button>
        <FilePreviewModal
          fileId={open}
          onClose={() => {
            setOpen(null);
            onClosed();
          }}
        />
      </>
    );
  }

  it('opens the preview in a dialog that Esc and the close button close', async () => {
    serveFile(api, zip);
    const onClosed = vi.fn();
    const user = setupUser();
    renderWithProviders(<Screen onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByTestId('file-preview-not-previewable')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('文件预览');
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(onClosed).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByTestId('file-preview-close'));
    expect(onClosed).toHaveBeenCalledTimes(2);
  });
});
