import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import { GONE_TOKEN, renderModels, resetState, SHARE_TOKEN, serveModels } from '../testSupport';

const api = fakeApiForFile(serveModels, resetState);

describe('element share page', { timeout: 60_000 }, () => {
  it('shows the element to a visitor: attributes, property sets and open topics, with no workbench call', async () => {
    renderModels(`/share/element/${SHARE_TOKEN}`, null);
    expect(await screen.findByTestId('element-share-name')).toHaveTextContent('基本墙:常规 - 200mm');
    const page = screen.getByTestId('element-share');
    expect(page).toHaveTextContent('示范项目一期 · 双拼住宅');
    const attributes = screen.getByTestId('element-share-attributes');
    expect(attributes).toHaveTextContent('楼层一层');
    expect(attributes).toHaveTextContent('专业建筑');
    const set = screen.getByTestId('element-share-set-Pset_WallCommon');
    expect(set).toHaveTextContent('IsExternal是');
    expect(set).toHaveTextContent('FireRating无');
    expect(screen.getByTestId('element-share-topic-12')).toHaveTextContent('#12 墙体开裂');
    expect(screen.getByTestId('element-share-topic-12')).toHaveTextContent('截止 2026-03-20');
    expect(screen.getByTestId('element-share-topics')).toHaveTextContent('未关闭的问题（1）');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET model-service/shares/${SHARE_TOKEN}`,
    ]);
  });

  it('says so for an unknown or revoked token (404) and for a deleted model (410)', async () => {
    const first = renderModels('/share/element/unknownTokenXXXXXXXXXXXXXXXXXX', null);
    expect(await screen.findByTestId('element-share-not-found')).toHaveTextContent('二维码无效或已被撤销');
    first.unmount();
    renderModels(`/share/element/${GONE_TOKEN}`, null);
    expect(await screen.findByTestId('element-share-gone')).toHaveTextContent('该构件所属的模型已被删除');
  });
});
