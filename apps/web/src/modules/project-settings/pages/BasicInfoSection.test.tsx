import type { MemberView, Project } from '@lintel/contracts/org';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

let api: FakeApi;
let project: Project;
let members: MemberView[];
let putReply: FakeReply | undefined;
/** While set, the server holds PUT answers until it resolves (a save still on its way). */
let putGate: Promise<void> | null;

beforeAll(async () => {
  api = await startFakeApi();
  serveWorkbench(
    api,
    () => project,
    () => members,
  );
  api.on(`PUT account-service/projects/${PROJECT_ID}`, async (seen) => {
    if (putGate) await putGate;
    if (putReply) return putReply;
    project = { ...project, ...(seen.body as Partial<Project>) };
    return { json: project };
  });
  api.on('POST base-service/files', () => ({
    json: { pictures: ['/api/v1/base-service/files/2026/site.png'] },
  }));
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = [makeMember()];
  putReply = undefined;
  putGate = null;
  configureHttp({ baseUrl: api.baseUrl });
});

const puts = () => api.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(PROJECT_ID));

/**
 * A field once the form holds the project's values: they are set in an effect after the first render, and
 * a change typed before it would be overwritten (the test would then save nothing).
 */
async function loadedField(testId: string) {
  const field = await screen.findByTestId(testId);
  await waitFor(() => expect(field).not.toHaveValue(''));
  return field;
}

describe('project settings: basic info', { timeout: 60_000 }, () => {
  it('shows every section with the project information and the option labels of contracts', async () => {
    renderSettings('basic');
    const name = await loadedField('basic-name');
    expect(name).toHaveValue('示范项目一期');
    for (const key of ['general', 'dates', 'figures', 'parties', 'goals', 'classification', 'pictures']) {
      expect(screen.getByTestId(`basic-section-${key}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('basic-shortName')).toHaveValue('示范一期');
    // Status and unit come from OPTION_LABELS (zh-CN).
    expect(screen.getByTestId('basic-section-general')).toHaveTextContent('在建');
    expect(screen.getByTestId('basic-section-figures')).toHaveTextContent('亿元');
    expect(screen.getByTestId('basic-section-classification')).toHaveTextContent('常规');
    expect(screen.getByTestId('basic-storage')).toHaveTextContent('1.5 KB');
    expect(screen.getByTestId('settings-menu')).toHaveTextContent('基本信息');
  });

  it('refuses a short name over 12 characters and an empty name, then saves only the changed fields', async () => {
    const { user } = renderSettings('basic');
    const shortName = await loadedField('basic-shortName');
    fireEvent.change(shortName, { target: { value: '一二三四五六七八九十一二三' } });
    fireEvent.change(screen.getByTestId('basic-name'), { target: { value: '  ' } });
    await user.click(screen.getByTestId('basic-save'));
    expect(await screen.findByText('项目简称不能超过12个字符')).toBeInTheDocument();
    expect(await screen.findByText('请输入项目名称')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    fireEvent.change(shortName, { target: { value: '示范二期' } });
    fireEvent.change(screen.getByTestId('basic-name'), { target: { value: '示范项目二期' } });
    fireEvent.change(screen.getByTestId('basic-qualityGoal'), { target: { value: '鲁班奖' } });
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ name: '示范项目二期', shortName: '示范二期', qualityGoal: '鲁班奖' });
    expect(await screen.findByText('基本信息已保存')).toBeInTheDocument();
  });

  it('keeps what the user typed while a save was on its way; the refetch only refreshes untouched fields', async () => {
    let release: () => void = () => undefined;
    putGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderSettings('basic');
    fireEvent.change(await loadedField('basic-shortName'), { target: { value: '示范二期' } });
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    // The save is held by the server: the user goes on typing.
    fireEvent.change(screen.getByTestId('basic-qualityGoal'), { target: { value: '鲁班奖' } });
    release();
    expect(await screen.findByText('基本信息已保存')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.method === 'GET' && r.path === `account-service/projects/${PROJECT_ID}`)
          .length,
      ).toBeGreaterThan(1),
    );
    expect(screen.getByTestId('basic-shortName')).toHaveValue('示范二期');
    expect(screen.getByTestId('basic-qualityGoal')).toHaveValue('鲁班奖');
    // Still unsaved: reset is offered and a second save sends just that field.
    await waitFor(() => expect(screen.getByTestId('basic-reset')).toBeEnabled());
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toEqual({ qualityGoal: '鲁班奖' });
  });

  it('sends a cleared field as null', async () => {
    const { user } = renderSettings('basic');
    const shortName = await loadedField('basic-shortName');
    fireEvent.change(shortName, { target: { value: '' } });
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ shortName: null });
  });

  it("shows the server's message when saving fails", async () => {
    putReply = {
      status: 400,
      json: { code: 400, key: 'org.projectNameTaken', message: '项目名称已存在' },
    };
    const { user } = renderSettings('basic');
    fireEvent.change(await loadedField('basic-name'), { target: { value: '另一个项目' } });
    await user.click(screen.getByTestId('basic-save'));
    expect(await screen.findByTestId('basic-save-error')).toHaveTextContent('项目名称已存在');
  });

  it('uploads overview pictures through base-service/files (field picture) and saves their paths', async () => {
    const { user } = renderSettings('basic');
    const field = await screen.findByTestId('basic-pictures');
    const input = field.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'site.png', { type: 'image/png' }),
    );
    expect(await within(field).findAllByTestId('basic-pictures-item')).toHaveLength(1);
    const upload = api.requests.find((r) => r.method === 'POST' && r.path === 'base-service/files');
    expect(String(upload?.body)).toContain('name="picture"');
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ pictures: ['/api/v1/base-service/files/2026/site.png'] });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, location } = renderSettings('basic');
    fireEvent.change(await screen.findByTestId('basic-qualityGoal'), { target: { value: '鲁班奖' } });
    await user.click(screen.getByTestId('workbench-home'));
    await user.click(await screen.findByTestId('unsaved-stay'));
    expect(location.pathname).toBe(`/projects/${PROJECT_ID}/settings/basic`);
    await user.click(screen.getByTestId('workbench-home'));
    await user.click(await screen.findByTestId('unsaved-leave'));
    expect(await screen.findByTestId('home-marker')).toBeInTheDocument();
  });

  it('changes the administrators through admins on PUT projects/{id}', async () => {
    members = [
      {
        ...makeMember(),
        user: {
          _id: makeMember().userId,
          name: 'demo',
          nickName: '演示用户',
          avatar: '',
          phoneNumber: '',
          email: '',
        },
      },
      {
        ...makeMember({
          _id: '66a000000000000000000102',
          userId: '66a000000000000000000011',
          role: 'member',
        }),
        user: {
          _id: '66a000000000000000000011',
          name: 'zhangsan',
          nickName: '张三',
          avatar: '',
          phoneNumber: '',
          email: '',
        },
      },
    ];
    const { user } = renderSettings('basic');
    const admins = await screen.findByTestId('basic-admins');
    await waitFor(() => expect(admins).toHaveTextContent('演示用户'));
    fireEvent.mouseDown(admins.querySelector('.ant-select-selector') ?? admins);
    fireEvent.click((await screen.findAllByTitle('张三（zhangsan）')).at(-1)!);
    await user.click(screen.getByTestId('basic-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ admins: ['66a000000000000000000010', '66a000000000000000000011'] });
  });

  it('shows a plain member the no-permission state', async () => {
    const member = makeUser({ _id: '66a000000000000000000011', name: 'zhangsan' });
    members = [makeMember({ userId: member._id, role: 'member' })];
    renderSettings('basic', member);
    expect(await screen.findByTestId('settings-no-permission')).toHaveTextContent('没有项目设置权限');
    expect(screen.queryByTestId('basic-form')).not.toBeInTheDocument();
  });
});
