import type { User } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { makeProfile, makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { accountKeys } from '../../account/api';
import CompleteProfilePage from './CompleteProfilePage';

let api: FakeApi;
let saved: User;

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`PUT account-service/users/${makeUser()._id}`, (seen) => {
    const body = seen.body as Partial<User>;
    if (body.company === 'fail') {
      return { status: 500, json: { code: 500, key: 'common.internal', message: '服务器内部错误' } };
    }
    saved = makeUser({ ...body });
    return { json: saved };
  });
  // The trial plan exists already the second time (409), which is fine for this page.
  let trials = 0;
  api.on(`POST account-service/users/${makeUser()._id}/trialPlan`, () => {
    trials += 1;
    return trials === 1
      ? { json: { enterprise: {}, project: {} } }
      : { status: 409, json: { code: 409, key: 'org.trialExists', message: '已有试用项目' } };
  });
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
});

function renderPage({
  cloud = false,
  user = makeUser(),
  state,
}: {
  cloud?: boolean;
  user?: User;
  state?: unknown;
} = {}) {
  const view = renderRoutes(
    {
      '/perfectinformationnext': <CompleteProfilePage />,
      '/home': <div data-testid="home-marker" />,
      '/account': <div data-testid="account-marker" />,
    },
    { path: '/perfectinformationnext', user, profile: makeProfile({ cloud }), state },
  );
  return { ...view, user: setupUser() };
}

/** Types a whole value at once (jsdom renders antd slowly: a keystroke at a time costs ~0.3 s). */
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Opens an antd Select by its test id and picks the option with this text. */
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  await user.click(await screen.findByTitle(option));
}

async function pickCity(user: ReturnType<typeof userEvent.setup>) {
  const picker = screen.getByTestId('profile-city');
  await waitFor(() => expect(picker).toHaveAttribute('data-state', 'ready'));
  await user.click(within(picker).getByRole('combobox'));
  fireEvent.change(within(picker).getByRole('combobox'), { target: { value: '东城区' } });
  await user.click(await screen.findByRole('menuitemcheckbox', { name: '北京市 / 市辖区 / 东城区' }));
}

describe('/perfectinformationnext', () => {
  it('shows registration step 2 of 2 with the avatar and no trial box outside the cloud edition', async () => {
    renderPage();
    const steps = await screen.findByTestId('register-steps');
    expect(steps).toHaveTextContent('账号信息');
    expect(steps).toHaveTextContent('联系信息');
    expect(steps.querySelector('.ant-steps-item-process, [aria-current="step"]')).toHaveTextContent(
      '联系信息',
    );
    expect(screen.getByTestId('avatar-change')).toHaveTextContent('上传头像');
    expect(screen.queryByTestId('profile-trial')).not.toBeInTheDocument();
  });

  it('ticks and locks the trial-project box on the cloud edition', async () => {
    renderPage({ cloud: true });
    const trial = (await screen.findByTestId('profile-trial')).closest('label')!.querySelector('input')!;
    expect(trial).toBeChecked();
    expect(trial).toBeDisabled();
  });

  it('creates the trial plan after saving on the cloud edition, and takes an existing one as done', async () => {
    for (let round = 0; round < 2; round++) {
      const { user, location, unmount } = renderPage({ cloud: true });
      await user.click(await screen.findByTestId('profile-sex-female'));
      fill('profile-company', '筑协建设');
      fill('profile-position', '项目经理');
      await pickCity(user);
      await choose(user, 'profile-work', '设计');
      await choose(user, 'profile-project', '结构');
      await user.click(screen.getByTestId('profile-submit'));
      expect(await screen.findByTestId('home-marker')).toBeInTheDocument();
      expect(location.pathname).toBe('/home');
      unmount();
    }
    const calls = api.requests.map((r) => `${r.method} ${r.path}`);
    const trialCalls = calls.filter((c) => c.endsWith('/trialPlan'));
    expect(trialCalls).toEqual([
      `POST account-service/users/${makeUser()._id}/trialPlan`,
      `POST account-service/users/${makeUser()._id}/trialPlan`,
    ]);
    // The profile is saved first, then the trial plan.
    expect(calls.indexOf(trialCalls[0]!)).toBeGreaterThan(calls.findIndex((c) => c.startsWith('PUT')));
  }, 60_000);

  it('says all information is required and sends nothing while a field is missing', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByTestId('profile-submit'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent('请填写全部信息');
    expect(screen.getByTestId('profile-company')).toHaveClass('ant-input-status-error');
    // Filling some but not all keeps the message; the filled field loses its mark.
    fill('profile-company', '筑协建设');
    await user.type(screen.getByTestId('profile-position'), '经理');
    await user.click(screen.getByTestId('profile-submit'));
    expect(screen.getByTestId('profile-error')).toHaveTextContent('请填写全部信息');
    expect(screen.getByTestId('profile-company')).not.toHaveClass('ant-input-status-error');
    // Blank text counts as missing.
    await choose(user, 'profile-work', '设计');
    await choose(user, 'profile-project', '结构');
    await pickCity(user);
    fill('profile-position', '   ');
    await user.click(screen.getByTestId('profile-submit'));
    expect(screen.getByTestId('profile-error')).toHaveTextContent('请填写全部信息');
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  }, 40_000);

  it('saves the profile payload with PUT users/{id} and goes to /home', async () => {
    const { user, location, queryClient } = renderPage();
    await user.click(await screen.findByTestId('profile-sex-female'));
    fill('profile-company', ' 筑协建设 ');
    fill('profile-position', '项目经理');
    await pickCity(user);
    await choose(user, 'profile-work', '设计');
    await choose(user, 'profile-project', '市政/轨道/隧道');
    await user.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByTestId('home-marker')).toBeInTheDocument();
    expect(location.pathname).toBe('/home');
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`account-service/users/${makeUser()._id}`);
    expect(put.body).toEqual({
      sex: 1,
      company: '筑协建设',
      position: '项目经理',
      city: '北京市/市辖区/东城区',
      work: 'design',
      project: 'municipalRailTunnel',
    });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.city).toBe('北京市/市辖区/东城区');
  }, 40_000);

  it('starts from the saved profile and, opened from /account, goes back there without the steps', async () => {
    const { user, location } = renderPage({
      user: makeUser({
        sex: 0,
        company: '筑协建设',
        position: '工程师',
        city: '浙江省/杭州市/西湖区',
        work: 'construction',
        project: 'architecture',
      }),
      state: { from: 'account' },
    });
    expect(await screen.findByTestId('complete-profile-page')).toHaveTextContent('编辑个人资料');
    expect(screen.queryByTestId('register-steps')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-company')).toHaveValue('筑协建设');
    await waitFor(() =>
      expect(screen.getByTestId('profile-city')).toHaveTextContent('浙江省 / 杭州市 / 西湖区'),
    );
    expect(screen.getByTestId('profile-work')).toHaveTextContent('施工');
    await user.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByTestId('account-marker')).toBeInTheDocument();
    expect(location.pathname).toBe('/account');
  });

  it('shows the profile-save failure and stays', async () => {
    const { user, location } = renderPage({
      user: makeUser({ company: 'fail', position: 'x', city: '北京市', work: 'cost', project: 'other' }),
    });
    await user.click(await screen.findByTestId('profile-submit'));
    expect(await screen.findByTestId('profile-save-error')).toHaveTextContent('资料保存失败：服务器内部错误');
    expect(location.pathname).toBe('/perfectinformationnext');
  });
});
