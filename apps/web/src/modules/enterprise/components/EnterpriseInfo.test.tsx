import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { orgKeys } from '../api';
import {
  EMPTY_CIRCLE_ID,
  ENTERPRISE_ID,
  MEMBER,
  PROJECT_ID,
  renderArea,
  requestsTo,
  resetState,
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

describe('/e: the enterprise information', { timeout: 60_000 }, () => {
  it('lets an administrator edit the name and short name, trimmed, and shows them everywhere', async () => {
    state.enterprise.paidPlan = 'professional';
    const { user } = renderArea();
    expect(await screen.findByTestId('e-info-name')).toHaveTextContent('示范建设集团');
    // The plan in words, not its stored value.
    expect(screen.getByTestId('e-info')).toHaveTextContent('专业版');
    expect(screen.getByTestId('e-info')).not.toHaveTextContent('professional');
    await user.click(await screen.findByTestId('e-info-edit'));
    const name = await screen.findByTestId('edit-enterprise-name');
    const shortName = screen.getByTestId('edit-enterprise-short-name');
    expect(name).toHaveValue('示范建设集团');
    expect(shortName).toHaveValue('示范建设');

    fireEvent.change(name, { target: { value: '  示范建设集团有限公司 ' } });
    fireEvent.change(shortName, { target: { value: '示范集团' } });
    await user.click(screen.getByTestId('edit-enterprise-submit'));

    await waitFor(() => expect(requestsTo(api, 'PUT', `enterprises/${ENTERPRISE_ID}`)).toHaveLength(1));
    expect(requestsTo(api, 'PUT', `enterprises/${ENTERPRISE_ID}`)[0]!.body).toEqual({
      name: '示范建设集团有限公司',
      shortName: '示范集团',
    });
    expect(await screen.findByText('企业信息已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('e-info-name')).toHaveTextContent('示范建设集团有限公司'));
    expect(screen.getByTestId('e-info')).toHaveTextContent('示范集团');
    // The side list is refetched too.
    await waitFor(() =>
      expect(within(screen.getByTestId('e-enterprises')).getByTestId('e-enterprise')).toHaveTextContent(
        '示范建设集团有限公司',
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('edit-enterprise-name')).not.toBeInTheDocument());
  });

  it("refuses what the contracts' schema refuses, and shows the server's refusal", async () => {
    const { user } = renderArea();
    await user.click(await screen.findByTestId('e-info-edit'));
    const name = await screen.findByTestId('edit-enterprise-name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('edit-enterprise-short-name'), {
      target: { value: '简'.repeat(31) },
    });
    await user.click(screen.getByTestId('edit-enterprise-submit'));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(await screen.findByText('企业简称不能超过30个字符')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `enterprises/${ENTERPRISE_ID}`)).toHaveLength(0);

    state.refuse.enterprise = {
      status: 403,
      json: { code: 403, key: 'common.forbidden', message: '没有权限执行此操作' },
    };
    fireEvent.change(name, { target: { value: '新名称' } });
    fireEvent.change(screen.getByTestId('edit-enterprise-short-name'), { target: { value: '' } });
    await user.click(screen.getByTestId('edit-enterprise-submit'));
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `enterprises/${ENTERPRISE_ID}`)[0]!.body).toEqual({
      name: '新名称',
      shortName: '',
    });
    // Still open with what was typed, and the page still shows the stored name.
    expect(screen.getByTestId('edit-enterprise-name')).toHaveValue('新名称');
    expect(screen.getByTestId('e-info-name')).toHaveTextContent('示范建设集团');
  });

  it('shows a plain member no edit, create, rename or delete action', async () => {
    const { queryClient } = renderArea(MEMBER);
    expect(await screen.findByTestId('e-info-name')).toHaveTextContent('示范建设集团');
    const circles = await screen.findByTestId('e-circles');
    await waitFor(() => expect(circles).toHaveTextContent('华南分公司'));
    await waitFor(() => expect(screen.getByTestId('e-projects')).toHaveTextContent('示范项目一期'));
    // The admin check has answered (a member row of role member): the absences below are its outcome.
    await waitFor(() =>
      expect(queryClient.getQueryData([...orgKeys.enterprise(ENTERPRISE_ID), 'admin', MEMBER._id])).toBe(
        false,
      ),
    );
    expect(screen.queryByTestId('e-admin')).not.toBeInTheDocument();
    expect(screen.queryByTestId('e-info-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('e-create-circle')).not.toBeInTheDocument();
    expect(screen.queryByTestId('e-create-project')).not.toBeInTheDocument();
    expect(screen.queryByTestId(`e-circle-rename-${EMPTY_CIRCLE_ID}`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`e-circle-delete-${EMPTY_CIRCLE_ID}`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`e-project-delete-${PROJECT_ID}`)).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  });
});
