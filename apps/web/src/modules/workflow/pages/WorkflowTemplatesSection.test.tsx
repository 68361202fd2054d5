import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  LIST_PATH,
  makeGroup,
  makeTemplate,
  renderWorkflow,
  resetState,
  serveWorkflow,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveWorkflow, resetState);
const S = 'workflow-service';

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('workflow template list', { timeout: 90_000 }, () => {
  it('shows status and version, filters by group, and deletes a group after confirming the counts', async () => {
    const site = makeGroup({ name: '现场' });
    const safety = makeGroup({ name: '安全', parentId: site._id });
    state.groups = [site, safety];
    const published = makeTemplate({
      name: '材料进场审批',
      groupId: safety._id,
      publishedVersion: 3,
      hasUnpublishedChanges: true,
    });
    const draft = makeTemplate({ name: '签证审批', status: 'disabled' });
    state.templates = [published, draft];
    const { user } = renderWorkflow(LIST_PATH);

    const row = await screen.findByTestId(`template-row-${published._id}`);
    expect(row).toHaveTextContent('现场 / 安全');
    expect(row).toHaveTextContent('v3');
    expect(row).toHaveTextContent('有未发布的修改');
    expect(row).toHaveTextContent('已启用');
    const other = screen.getByTestId(`template-row-${draft._id}`);
    expect(other).toHaveTextContent('未发布');
    expect(other).toHaveTextContent('已停用');
    expect(other).toHaveTextContent('未分组');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    // The subgroup as a filter: the server is asked for its templates.
    await user.click(screen.getByTestId(`group-${safety._id}`));
    await waitFor(() => expect(screen.queryByTestId(`template-row-${draft._id}`)).not.toBeInTheDocument());
    expect(
      requestsTo(api, 'GET', `${S}/projects/${state.templates[0]!.projectId}/workflow-templates`).some(
        (request) => request.query.get('groupId') === safety._id,
      ),
    ).toBe(true);

    // Deleting the top group: the server's 409 counts are what the confirmation states.
    await user.click(screen.getByTestId(`group-actions-${site._id}`));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    expect(
      await screen.findByText('将同时删除 1 个子分组和 1 个流程模板，删除后无法恢复。'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('group-delete-confirm'));
    await waitFor(() => expect(state.groups).toEqual([]));
    const deletes = requestsTo(api, 'DELETE', `${S}/workflow-groups/${site._id}`);
    expect(deletes.map((request) => request.query.get('confirm'))).toEqual([null, '1']);
    expect(await screen.findByText('分组已删除')).toBeInTheDocument();
    // Back on every template: only the one outside the group is left.
    expect(await screen.findByTestId(`template-row-${draft._id}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`template-row-${published._id}`)).not.toBeInTheDocument();
  });

  it('creates groups and templates (to the designer), copies, disables and deletes templates', async () => {
    const template = makeTemplate({ name: '隐蔽验收' });
    state.templates = [template];
    const { user, location } = renderWorkflow(LIST_PATH);
    await screen.findByTestId(`template-row-${template._id}`);

    // A group: an empty name is refused on the form.
    await user.click(screen.getByTestId('group-add'));
    await user.click(await screen.findByTestId('group-dialog-ok'));
    expect(await screen.findByText('请输入分组名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: '质量' } });
    await user.click(screen.getByTestId('group-dialog-ok'));
    expect(await screen.findByText('分组已创建')).toBeInTheDocument();
    expect(state.groups.map((group) => [group.name, group.parentId])).toEqual([['质量', null]]);

    // The new group is chosen (and empty); back on every template: copy one, then disable its source.
    expect(await screen.findByTestId(`group-${state.groups[0]!._id}`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByTestId('group-all'));
    await user.click(await screen.findByTestId(`template-copy-${template._id}`));
    expect(await screen.findByText('已复制为“隐蔽验收 - 副本”')).toBeInTheDocument();
    await user.click(await screen.findByTestId(`template-status-${template._id}`));
    await waitFor(() => expect(state.templates.find((t) => t._id === template._id)?.status).toBe('disabled'));
    expect(requestsTo(api, 'PUT', `${S}/workflow-templates/${template._id}/status`)[0]!.body).toEqual({
      status: 'disabled',
    });

    // Delete with the confirmation.
    await user.click(screen.getByTestId(`template-delete-${template._id}`));
    await user.click(await screen.findByTestId(`template-delete-ok-${template._id}`));
    await waitFor(() => expect(screen.queryByTestId(`template-row-${template._id}`)).not.toBeInTheDocument());
    expect(state.templates.map((t) => t.name)).toEqual(['隐蔽验收 - 副本']);

    // A new template opens in the designer.
    await user.click(screen.getByTestId('template-new'));
    fireEvent.change(await screen.findByTestId('template-name'), { target: { value: '设计变更' } });
    await user.click(screen.getByTestId('create-template-ok'));
    await screen.findByTestId('workflow-designer-page');
    const created = state.templates.find((t) => t.name === '设计变更')!;
    expect(requestsTo(api, 'POST', `${S}/projects/${created.projectId}/workflow-templates`)[0]!.body).toEqual(
      {
        name: '设计变更',
        groupId: null,
        description: '',
      },
    );
    expect(location.pathname).toBe(`${LIST_PATH}/${created._id}`);
  });

  it('on a phone: groups in a select above one card per template', async () => {
    setWidth(390);
    state.templates = [makeTemplate({ name: '材料进场审批' })];
    renderWorkflow(LIST_PATH);
    const table = await screen.findByTestId('template-table');
    expect(within(table).queryByRole('table')).not.toBeInTheDocument();
    expect(await within(table).findAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('group-select')).toBeInTheDocument();
  });
});
