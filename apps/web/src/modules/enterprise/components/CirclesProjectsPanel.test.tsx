import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import {
  CIRCLE_PROJECT_ID,
  EMPTY_CIRCLE_ID,
  FULL_CIRCLE_ID,
  PROJECT_ID,
  renderArea,
  requestsTo,
  resetState,
  SUB_CIRCLE_ID,
  serveOrg,
  state,
} from '../testSupport';

let api: FakeApi;

beforeAll(async () => {
  // The area pulls in antd's tables, tabs and dialogs: a busy machine needs more than 5 s.
  configure({ asyncUtilTimeout: 15_000 });
  api = await startFakeApi();
  serveOrg(api);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  resetState();
  configureHttp({ baseUrl: api.baseUrl });
});

/** The confirming button of the popconfirm opened last (closed ones stay in the document). */
async function lastOk(testId: string) {
  const buttons = await screen.findAllByTestId(testId);
  return buttons[buttons.length - 1]!;
}

describe('/e: circles and projects of an administrator', { timeout: 60_000 }, () => {
  // The name field (OrgNameItem, its required and length rules) is the enterprise dialog's too: its refusals
  // are tested in EnterpriseInfo.test.tsx.
  it('renames a circle (trimmed) and the list shows the new name', async () => {
    const { user } = renderArea();
    await user.click(await screen.findByTestId(`e-circle-rename-${EMPTY_CIRCLE_ID}`));
    const name = await screen.findByTestId('rename-circle-name');
    expect(name).toHaveValue('华南分公司');

    fireEvent.change(name, { target: { value: ' 华南区域公司 ' } });
    await user.click(screen.getByTestId('rename-circle-submit'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `circles/${EMPTY_CIRCLE_ID}`)).toHaveLength(1));
    expect(requestsTo(api, 'PUT', `circles/${EMPTY_CIRCLE_ID}`)[0]!.body).toEqual({ name: '华南区域公司' });
    expect(await screen.findByText('分支已重命名')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('e-circles')).toHaveTextContent('华南区域公司'));
    expect(screen.getByTestId('e-circles')).not.toHaveTextContent('华南分公司');
  });

  it("shows the server's refusal of a rename and keeps the dialog open", async () => {
    state.refuse.circle = {
      status: 403,
      json: { code: 403, key: 'common.forbidden', message: '没有权限执行此操作' },
    };
    const { user } = renderArea();
    await user.click(await screen.findByTestId(`e-circle-rename-${SUB_CIRCLE_ID}`));
    fireEvent.change(await screen.findByTestId('rename-circle-name'), { target: { value: '上海分部' } });
    await user.click(screen.getByTestId('rename-circle-submit'));
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    expect(screen.getByTestId('rename-circle-name')).toHaveValue('上海分部');
    expect(screen.getByTestId('e-circles')).toHaveTextContent('上海项目部');
  });

  it("deletes an empty circle after confirmation; a circle with projects is refused in the server's words", async () => {
    const { user } = renderArea();
    await user.click(await screen.findByTestId(`e-circle-delete-${FULL_CIRCLE_ID}`));
    expect(await screen.findByText('删除分支“华东分公司”？')).toBeInTheDocument();
    await user.click(await lastOk('e-circle-delete-ok'));
    expect(await screen.findByText('该分支机构下还有 1 个项目和 1 个下级机构，请先清空')).toBeInTheDocument();
    const refused = requestsTo(api, 'PUT', `circles/${FULL_CIRCLE_ID}/deleted`);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.query.get('recordId')).toBe(FULL_CIRCLE_ID);
    // Nothing moved: the circle and its project are still listed.
    expect(screen.getByTestId('e-circles')).toHaveTextContent('华东分公司');
    expect(screen.getByTestId('e-projects')).toHaveTextContent('分公司项目');

    await user.click(screen.getByTestId(`e-circle-delete-${EMPTY_CIRCLE_ID}`));
    await user.click(await lastOk('e-circle-delete-ok'));
    await waitFor(() => expect(screen.getByTestId('e-circles')).not.toHaveTextContent('华南分公司'));
    expect(await screen.findByText('分支“华南分公司”已删除')).toBeInTheDocument();
    const deleted = requestsTo(api, 'PUT', `circles/${EMPTY_CIRCLE_ID}/deleted`);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.query.get('recordId')).toBe(EMPTY_CIRCLE_ID);
  });

  it('cancelling the circle confirmation sends nothing', async () => {
    const { user } = renderArea();
    await user.click(await screen.findByTestId(`e-circle-delete-${EMPTY_CIRCLE_ID}`));
    const popup = (await screen.findByText('删除分支“华南分公司”？')).closest('.ant-popover')!;
    expect(popup).not.toHaveClass('ant-popover-hidden');
    await user.click(within(popup as HTMLElement).getByRole('button', { name: /^取\s?消$/ }));
    await waitFor(() => expect(popup).toHaveClass('ant-popover-hidden'));
    expect(requestsTo(api, 'PUT', `circles/${EMPTY_CIRCLE_ID}/deleted`)).toHaveLength(0);
    expect(screen.getByTestId('e-circles')).toHaveTextContent('华南分公司');
  });

  it("deletes a project only once its name is typed, and shows the server's refusal", async () => {
    const { user } = renderArea();
    await user.click(await screen.findByTestId(`e-project-delete-${PROJECT_ID}`));
    const ok = await screen.findByTestId('e-project-delete-ok');
    const typed = screen.getByTestId('e-project-delete-name');
    expect(screen.getByText('请输入“示范项目一期”以确认')).toBeInTheDocument();
    expect(ok).toBeDisabled();
    await user.type(typed, '示范项目');
    expect(ok).toBeDisabled();
    // Enter does nothing either while the name does not match.
    await user.keyboard('{Enter}');
    expect(requestsTo(api, 'PUT', `projects/${PROJECT_ID}/deleted`)).toHaveLength(0);

    state.refuse.projectDelete = {
      status: 403,
      json: { code: 403, key: 'common.forbidden', message: '没有权限执行此操作' },
    };
    await user.type(typed, '一期');
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `projects/${PROJECT_ID}/deleted`)).toHaveLength(1);
    expect(screen.getByTestId('e-projects')).toHaveTextContent('示范项目一期');

    // Reopened, the field starts empty again; typing the name and Enter deletes.
    state.refuse.projectDelete = undefined;
    await user.click(screen.getByTestId(`e-project-delete-${PROJECT_ID}`));
    const again = await screen.findByTestId('e-project-delete-name');
    expect(again).toHaveValue('');
    await waitFor(() => expect(again).toHaveFocus());
    await user.keyboard('示范项目一期{Enter}');
    await waitFor(() => expect(screen.getByTestId('e-projects')).not.toHaveTextContent('示范项目一期'));
    expect(requestsTo(api, 'PUT', `projects/${PROJECT_ID}/deleted`)).toHaveLength(2);
    expect(await screen.findByText('项目“示范项目一期”已删除')).toBeInTheDocument();
    // The other project stays.
    expect(within(screen.getByTestId('e-projects')).getByText('分公司项目')).toBeInTheDocument();
    expect(state.projects.map((p) => p._id)).toEqual([CIRCLE_PROJECT_ID]);
  });
});
