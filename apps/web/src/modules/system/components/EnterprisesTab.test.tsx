import type { AdminEnterprise } from '@lintel/contracts/enterprise-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import { EnterpriseForm } from './EnterpriseForm';
import { EnterprisesTab } from './EnterprisesTab';
import { enterpriseWhere } from './EnterprisesTab.api';

const GIB = 1024 ** 3;
const ID = '0000000000000000000000e1';
const BASE = 'account-service/admin/enterprises';

const enterprise: AdminEnterprise = {
  _id: ID,
  type: 'enterprise',
  name: '示范建设集团',
  shortName: '示范',
  isTrial: false,
  accountCapacity: 2,
  spaceCapacity: 50 * GIB,
  projectLimit: 10,
  paidPlan: 'standard',
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  usage: { accounts: 2, projects: 3, spaceUsed: 3 * GIB },
  admins: [{ _id: '0000000000000000000000a1', name: 'wang', nickName: '王工' }],
};
const legacy = { ...enterprise, _id: '0000000000000000000000e2', name: '旧企业', paidPlan: '' };

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET ${BASE}`, (seen) =>
    seen.query.get('only_count') === 'true' ? { json: { count: 2 } } : { json: [enterprise, legacy] },
  );
  api.on(`GET ${BASE}/${ID}`, { json: enterprise });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
});

const lastRequest = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === path).at(-1);

describe('enterpriseWhere', () => {
  it('searches name and short name, and filters by plan', () => {
    expect(enterpriseWhere('  ')).toBeUndefined();
    expect(JSON.parse(enterpriseWhere(' 示范 ', 'standard')!)).toEqual({
      $or: [{ name: { $regex: '示范' } }, { shortName: { $regex: '示范' } }],
      paidPlan: 'standard',
    });
    expect(JSON.parse(enterpriseWhere('', 'trial')!)).toEqual({ paidPlan: 'trial' });
  });
});

describe('EnterprisesTab', () => {
  it('lists plans in the reader’s language, searches, and shows usage against quotas', async () => {
    renderWithProviders(<EnterprisesTab />);
    const plans = await screen.findAllByTestId('system-enterprise-plan');
    expect(plans.map((p) => p.textContent)).toEqual(['标准版', '未设置']);
    expect(lastRequest('GET', BASE)!.query.get('isTrial')).toBe('false');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '示范' } });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const where = lastRequest('GET', BASE)!.query.get('where');
      expect(JSON.parse(where!)).toEqual({
        $or: [{ name: { $regex: '示范' } }, { shortName: { $regex: '示范' } }],
      });
    });

    fireEvent.click(screen.getAllByTestId('enterprise-view')[0]!);
    const accounts = await screen.findByTestId('enterprise-usage-accounts-text');
    expect(accounts).toHaveTextContent('已用 2 / 2');
    expect(screen.getByTestId('enterprise-usage-projects-text')).toHaveTextContent('已用 3 / 10');
    expect(screen.getByTestId('enterprise-usage-storage-text')).toHaveTextContent('已用 3 GB / 50 GB');
    expect(screen.getByTestId('enterprise-detail-plan')).toHaveTextContent('标准版');
    expect(screen.getByTestId('enterprise-detail-admins')).toHaveTextContent('王工 (wang)');
    // Full accounts are flagged.
    expect(within(screen.getByTestId('enterprise-usage-accounts')).getByText(/即将用满/)).toBeInTheDocument();
  });

  it('edits with the rules checked before sending, and reloads the current values on a 409', async () => {
    const changed = { ...enterprise, name: '别人改的名字', updatedAt: '2026-01-03T00:00:00.000Z' };
    api.on(`PUT ${BASE}/${ID}`, {
      status: 409,
      json: { code: 409, key: 'enterpriseAdmin.changed', message: '该企业已被他人修改', current: changed },
    });
    // The form alone (the list and the drawer that open it are the first test's).
    let done: boolean | null = null;
    renderWithProviders(
      <EnterpriseForm enterprise={enterprise} open onClose={() => {}} onDone={(edited) => (done = edited)} />,
    );
    const accounts = await screen.findByTestId('enterprise-form-accounts');
    // Below the 2 accounts in use: refused on the screen, nothing sent.
    fireEvent.change(accounts, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('不能低于当前用量（2）')).toBeInTheDocument();
    expect(lastRequest('PUT', `${BASE}/${ID}`)).toBeUndefined();
    fireEvent.change(accounts, { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('enterprise-form-name'), { target: { value: '我的新名字' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('enterprise-form-conflict')).toBeInTheDocument();
    expect(lastRequest('PUT', `${BASE}/${ID}`)!.body).toEqual({
      name: '我的新名字',
      shortName: '示范',
      plan: 'standard',
      accountCapacity: 80,
      projectLimit: 10,
      spaceCapacity: 50 * GIB,
      updatedAt: enterprise.updatedAt,
    });
    expect(screen.getByTestId('enterprise-form-name')).toHaveValue('别人改的名字');
    // Saving again sends the version it now shows.
    api.on(`PUT ${BASE}/${ID}`, { json: changed });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(lastRequest('PUT', `${BASE}/${ID}`)!.body).toMatchObject({ updatedAt: changed.updatedAt }),
    );
  });

  it('creates with the plan’s default quotas and the administrator, and shows the server’s refusal', async () => {
    api.on(`POST ${BASE}`, {
      status: 400,
      json: { code: 400, key: 'enterpriseAdmin.adminNotFound', message: '找不到该账号，或该账号已停用' },
    });
    renderWithProviders(<EnterpriseForm enterprise={null} open onClose={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByTestId('enterprise-form-name'), { target: { value: '新企业' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入管理员的账号或手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('enterprise-form-admin'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('enterprise-form-error')).toHaveTextContent(
      '找不到该账号，或该账号已停用',
    );
    expect(lastRequest('POST', BASE)!.body).toEqual({
      name: '新企业',
      plan: 'standard',
      accountCapacity: 50,
      projectLimit: 5,
      spaceCapacity: 50 * GIB,
      admin: 'nobody',
    });
  });
});
