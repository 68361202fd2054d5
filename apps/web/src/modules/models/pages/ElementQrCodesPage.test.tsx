import { screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import { renderRoutes } from '../../../test/renderRoutes';
import { ElementQrDialog } from '../components/ElementQrDialog';
import {
  ADMIN,
  GLOBAL_ID,
  MODEL_A,
  PROJECT_ID,
  renderModels,
  requestsTo,
  resetState,
  SHARE_TOKEN,
  serveModels,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveModels, resetState);
const QR = `/projects/${PROJECT_ID}/models/qrcodes`;

describe('entity QR codes', { timeout: 120_000 }, () => {
  it('lists the shared elements, shows the code of the public page, and revokes one after confirming', async () => {
    const { user } = renderModels(QR);
    const row = await screen.findByTestId(`share-row-${SHARE_TOKEN}`);
    expect(row).toHaveTextContent('基本墙');
    expect(row).toHaveTextContent('IFCWALLSTANDARDCASE');
    expect(row).toHaveTextContent('2026-03-02');
    const model = within(row).getByTestId(`share-model-${SHARE_TOKEN}`);
    expect(model).toHaveTextContent('双拼住宅');
    const target = new URL(model.getAttribute('href')!, 'http://localhost');
    expect(target.searchParams.get('element')).toBe(`${MODEL_A}:${GLOBAL_ID}`);

    await user.click(within(row).getByTestId(`share-show-${SHARE_TOKEN}`));
    expect(await screen.findByTestId('share-qr-url')).toHaveTextContent(
      `${window.location.origin}/share/element/${SHARE_TOKEN}`,
    );
    expect(screen.getByTestId('share-qr-download')).toBeEnabled();
    await user.keyboard('{Escape}');

    await user.click(await screen.findByTestId(`share-revoke-${SHARE_TOKEN}`));
    await user.click(await screen.findByTestId(`share-revoke-ok-${SHARE_TOKEN}`));
    expect(await screen.findByTestId('shares-empty')).toHaveTextContent('还没有构件二维码');
    expect(requestsTo(api, 'DELETE', `model-service/shares/${SHARE_TOKEN}`)).toHaveLength(1);
  });

  it('without the export right, says so and never asks for the tokens (issue 14)', async () => {
    state.rights = { ...state.rights, export: false };
    renderModels(QR);
    expect(await screen.findByTestId('shares-no-right')).toHaveTextContent('导出权限');
    expect(requestsTo(api, 'GET', `model-service/projects/${PROJECT_ID}/shares`)).toHaveLength(0);
    expect(screen.queryByTestId(`share-row-${SHARE_TOKEN}`)).not.toBeInTheDocument();
  });

  it('downloads the code as a PNG', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    const { user } = renderModels(QR);
    await user.click(await screen.findByTestId(`share-show-${SHARE_TOKEN}`));
    await user.click(await screen.findByTestId('share-qr-download'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('基本墙.png');
    expect(link.href).toBe('data:image/png;base64,AAAA');
    vi.restoreAllMocks();
  });

  it('marks a share whose model was deleted, and shows a failure', async () => {
    state.shares = state.shares.map((share) => ({ ...share, modelDeleted: true }));
    const first = renderModels(QR);
    const row = await within(first.container).findByTestId(`share-row-${SHARE_TOKEN}`);
    expect(row).toHaveTextContent('模型已删除');
    first.unmount();

    state.refuse[`GET model-service/projects/${PROJECT_ID}/shares`] = {
      status: 500,
      json: { code: 500, key: 'common.internal', message: '服务器开小差了' },
    };
    renderModels(QR);
    expect(await screen.findByTestId('shares-error')).toHaveTextContent('服务器开小差了');
  });

  it('makes the element share from the viewer dialog and shows the code of its page', async () => {
    renderRoutes(
      {
        '/dialog': (
          <App>
            <ElementQrDialog
              projectId={PROJECT_ID}
              modelId={MODEL_A}
              globalId={GLOBAL_ID}
              open
              onClose={() => undefined}
            />
          </App>
        ),
      },
      { path: '/dialog', user: ADMIN },
    );
    const url = await screen.findByTestId('element-qr-url');
    await waitFor(() =>
      expect(url).toHaveTextContent(`${window.location.origin}/share/element/${SHARE_TOKEN}`),
    );
    await waitFor(() => expect(screen.getByTestId('element-qr')).toHaveTextContent('基本墙'));
    expect(
      requestsTo(
        api,
        'POST',
        `model-service/models/${MODEL_A}/elements/${encodeURIComponent(GLOBAL_ID)}/share`,
      ),
    ).toHaveLength(1);
  });
});
