import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import MemberInvitePage from './MemberInvitePage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const info = {
  _id: '0000000000000000000000f1',
  scopeType: 'project',
  scopeId: '0000000000000000000000a1',
  scopeName: '示范项目一期',
  inviter: { _id: '0000000000000000000000b1', name: 'demo', nickName: '演示用户' },
  expiresAt: '2026-12-01T00:00:00.000Z',
  isMember: false,
  pending: false,
};

let api: FakeApi;
let infoReply: FakeReply;
let applyReply: FakeReply;
/** The invitations addressed to the signed-in user (issue 14). */
const MINE_ID = '0000000000000000000000c1';
let mine: unknown[];
const myInvitation = {
  _id: MINE_ID,
  scopeType: 'project',
  scopeId: '0000000000000000000000a2',
  scopeName: '某某项目',
  enterpriseName: '某某公司',
  inviter: { _id: '0000000000000000000000b2', name: 'mallory', nickName: '某人' },
  createdAt: '2026-11-20T08:00:00.000Z',
};

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET account-service/member-invitations/${TOKEN}`, () => infoReply);
  api.on(`POST account-service/member-invitations/${TOKEN}/apply`, () => applyReply);
  api.on('GET account-service/membership-invitations', () => ({ json: mine }));
  for (const answer of ['accept', 'decline']) {
    api.on(`POST account-service/membership-invitations/${MINE_ID}/${answer}`, () => {
      mine = [];
      return { json: {} };
    });
  }
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  infoReply = { json: info };
  applyReply = { json: {} };
  mine = [myInvitation];
  configureHttp({ baseUrl: api.baseUrl });
});

function renderPage(user = makeUser(), token = TOKEN) {
  const view = renderRoutes(
    { '/e/member-invite': <MemberInvitePage />, '/login': <div data-testid="login-marker" /> },
    { path: `/e/member-invite?token=${token}`, user },
  );
  return { ...view, user: setupUser() };
}

describe('/e/member-invite', () => {
  it('shows the invitation and applies with a remark', async () => {
    const { user } = renderPage();
    expect(await screen.findByTestId('invite-scope')).toHaveTextContent('示范项目一期');
    expect(screen.getByTestId('invite-form')).toHaveTextContent('演示用户');
    await user.type(screen.getByTestId('invite-remark'), '我是张三，施工单位');
    await user.click(screen.getByTestId('invite-apply'));
    const done = await screen.findByTestId('invite-submitted');
    expect(done).toHaveTextContent('申请已提交');
    expect(done).toHaveTextContent('等待管理员审核');
    const apply = api.requests.find((r) => r.method === 'POST')!;
    expect(apply.body).toEqual({ remark: '我是张三，施工单位' });
  });

  it("says 'Failed to obtain invitation' for an unknown or expired token", async () => {
    infoReply = { status: 404, json: { code: 404, key: 'org.invitationNotFound', message: '获取邀请失败' } };
    renderPage();
    expect(await screen.findByTestId('invite-error')).toHaveTextContent('获取邀请失败');
  });

  it('says the link was revoked, with the server message and what to do', async () => {
    infoReply = {
      status: 410,
      json: { code: 410, key: 'org.invitationRevoked', message: '该邀请链接已被管理员撤销' },
    };
    renderPage();
    const revoked = await screen.findByTestId('invite-revoked');
    expect(revoked).toHaveTextContent('该邀请链接已被管理员撤销');
    expect(revoked).toHaveTextContent('请联系管理员获取新的邀请链接');
    expect(screen.queryByTestId('invite-apply')).not.toBeInTheDocument();
  });

  it('turns a revocation between opening and applying into the revoked state', async () => {
    applyReply = {
      status: 410,
      json: { code: 410, key: 'org.invitationRevoked', message: '该邀请链接已被管理员撤销' },
    };
    const { user } = renderPage();
    await user.click(await screen.findByTestId('invite-apply'));
    expect(await screen.findByTestId('invite-revoked')).toHaveTextContent('该邀请链接已被管理员撤销');
  });

  it('without a token lists the invitations addressed to me; accepting opens the project', async () => {
    const { location } = renderRoutes(
      {
        '/e/member-invite': <MemberInvitePage />,
        '/projects/:projectId': <div data-testid="project-marker" />,
      },
      { path: `/e/member-invite?invitation=${MINE_ID}`, user: makeUser() },
    );
    const row = await screen.findByTestId(`my-invitation-${MINE_ID}`);
    expect(row).toHaveTextContent('某某项目');
    expect(row).toHaveTextContent('某某公司');
    expect(row).toHaveTextContent('某人 于 2026-11-20 邀请');
    await setupUser().click(screen.getByTestId(`my-invitation-accept-${MINE_ID}`));
    await waitFor(() => expect(location.pathname).toBe('/projects/0000000000000000000000a2'));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `POST account-service/membership-invitations/${MINE_ID}/accept`,
    );
  });

  it('declines only after a confirmation; then nothing waits', async () => {
    renderRoutes(
      { '/e/member-invite': <MemberInvitePage /> },
      { path: '/e/member-invite', user: makeUser() },
    );
    const user = setupUser();
    await user.click(await screen.findByTestId(`my-invitation-decline-${MINE_ID}`));
    expect(await screen.findByText('确定拒绝加入「某某项目」的邀请吗？')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(await screen.findByTestId('my-invitation-decline-ok'));
    expect(await screen.findByTestId('my-invitations-empty')).toHaveTextContent('暂无等待您答复的邀请');
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `account-service/membership-invitations/${MINE_ID}/decline`,
    ]);
  });

  it("says 'This member already existed', from the invitation or from the apply answer", async () => {
    infoReply = { json: { ...info, isMember: true } };
    renderPage();
    expect(await screen.findByTestId('invite-exists')).toHaveTextContent('该成员已存在');
  });

  it('turns a 409 on apply into the matching state', async () => {
    applyReply = { status: 409, json: { code: 409, key: 'org.memberExists', message: '该成员已存在' } };
    const { user } = renderPage();
    await user.click(await screen.findByTestId('invite-apply'));
    expect(await screen.findByTestId('invite-exists')).toBeInTheDocument();
  });

  it('shows a pending request as waiting for approval', async () => {
    infoReply = { json: { ...info, pending: true } };
    renderPage();
    expect(await screen.findByTestId('invite-submitted')).toHaveTextContent('等待管理员审核');
  });

  it('asks a visitor to sign in', async () => {
    const { user, location } = renderPage(null as never);
    await user.click(await screen.findByTestId('invite-visitor-sign-in'));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(api.requests).toEqual([]);
  });
});
