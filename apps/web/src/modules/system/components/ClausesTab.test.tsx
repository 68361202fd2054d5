import type { Clause } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { ClausesTab } from './ClausesTab';

const PATH = 'account-service/system/profile/clauses';

let api: FakeApi;
let stored: Clause[];
let refusal: FakeReply | null;
beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET ${PATH}`, () => ({ json: stored }));
  api.on(`PUT ${PATH}/privacy`, (seen) => {
    if (refusal) return refusal;
    const body = seen.body as { textZh: string; textEn: string; version: number };
    const next: Clause = {
      kind: 'privacy',
      version: body.version + 1,
      textZh: body.textZh,
      textEn: body.textEn,
      isDefault: false,
      updatedAt: '2026-11-26T10:00:00.000Z',
    };
    stored = stored.map((clause) => (clause.kind === 'privacy' ? next : clause));
    return { json: next };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  refusal = null;
  const shipped = (kind: Clause['kind'], textZh: string): Clause => ({
    kind,
    version: 1,
    textZh,
    textEn: `## ${kind}`,
    isDefault: true,
    updatedAt: null,
  });
  stored = [shipped('agreement', '## 用户协议'), shipped('privacy', '## 隐私政策')];
  configureHttp({ baseUrl: api.baseUrl });
});

describe('ClausesTab (issue 17)', () => {
  it('edits a text into a new version; a version saved meanwhile is said and reloaded', async () => {
    renderWithProviders(<ClausesTab />);
    expect(await screen.findByTestId('clauses-text-zh')).toHaveValue('## 用户协议');
    expect(screen.getByTestId('clauses-version')).toHaveTextContent('版本 1');
    expect(screen.getByTestId('clauses-save')).toBeDisabled();
    fireEvent.click(screen.getByTestId('clauses-kind-privacy'));
    await waitFor(() => expect(screen.getByTestId('clauses-text-zh')).toHaveValue('## 隐私政策'));
    expect(screen.getByTestId('clauses-open')).toHaveAttribute(
      'href',
      `${api.baseUrl}/api/v1/base-service/clauses/privacy`,
    );

    // An empty text is refused on the form.
    fireEvent.change(screen.getByTestId('clauses-text-en'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('clauses-save'));
    expect(await screen.findByText('请输入文本')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('clauses-text-en'), { target: { value: '## Privacy\n\nNew.' } });
    fireEvent.click(screen.getByTestId('clauses-save'));
    expect(await screen.findByText('已保存为版本 2')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      textZh: '## 隐私政策',
      textEn: '## Privacy\n\nNew.',
      version: 1,
    });
    await waitFor(() => expect(screen.getByTestId('clauses-version')).toHaveTextContent('版本 2'));

    refusal = {
      status: 409,
      json: {
        code: 409,
        key: 'account.clauseChanged',
        message: '该文本已被他人保存为版本 3，请重新载入后再编辑',
      },
    };
    fireEvent.change(screen.getByTestId('clauses-text-zh'), { target: { value: '## 改' } });
    fireEvent.click(screen.getByTestId('clauses-save'));
    expect(await screen.findByText('该文本已被他人保存为版本 3，请重新载入后再编辑')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(2));
  });

  it('says when the texts cannot be loaded, and retries', async () => {
    const saved = stored;
    api.on(`GET ${PATH}`, {
      status: 500,
      json: { code: 500, key: 'common.internal', message: '服务器内部错误' },
    });
    renderWithProviders(<ClausesTab />);
    expect(await screen.findByTestId('clauses-error')).toHaveTextContent('用户协议和隐私政策加载失败');
    api.on(`GET ${PATH}`, () => ({ json: saved }));
    fireEvent.click(within(screen.getByTestId('clauses-error')).getByRole('button'));
    expect(await screen.findByTestId('clauses-tab')).toBeInTheDocument();
  });
});
