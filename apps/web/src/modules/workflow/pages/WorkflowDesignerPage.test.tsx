import type { WorkflowGraph } from '@lintel/contracts/workflow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile, requestsTo } from '../../../test/project';
import {
  designerPath,
  makeTemplate,
  renderWorkflow,
  resetState,
  serveWorkflow,
  state,
  ZHANGSAN,
} from '../testSupport';

const api = fakeApiForFile(serveWorkflow, resetState);
const S = 'workflow-service';

function seed() {
  const template = makeTemplate({ name: '材料进场审批' });
  state.templates = [template];
  return template;
}

describe('workflow designer', { timeout: 90_000 }, () => {
  it('adds a node and a branch group, shows the missing condition on the branch, saves and publishes', async () => {
    const template = seed();
    const { user } = renderWorkflow(designerPath(template._id));
    await screen.findByTestId('node-approval-1');
    expect(screen.getByTestId('flow-start')).toHaveTextContent('发起人');
    expect(screen.getByTestId('node-approval-1')).toHaveTextContent('发起人自选');
    expect(screen.getByTestId('designer-state')).toHaveTextContent('草稿，从未发布');

    // "+" after approval-1: a condition branch group (two branches: one to fill in, the default).
    await user.click(screen.getByTestId('add-1'));
    await user.click(await screen.findByTestId('add-group'));
    const branches = await screen.findAllByTestId(/^branch-b-/);
    expect(branches).toHaveLength(2);
    expect(branches[0]).toHaveTextContent('条件 1');
    expect(branches[0]).toHaveTextContent('优先级 1');
    expect(branches[1]).toHaveTextContent('其他情况');
    // Two empty branches lead the same way: the checker's problem sits on the second one, in red, and
    // publishing is refused before any request.
    expect(branches[1]).toHaveClass('wf-card--error');
    expect(branches[1]).toHaveTextContent('两个分支走向相同');
    expect(screen.getByTestId('designer-problems')).toHaveTextContent('发布前需修正 1 个问题');
    await user.click(screen.getByTestId('designer-publish'));
    expect(await screen.findByText('请先修正红色标出的问题')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${S}/workflow-templates/${template._id}/publish`)).toHaveLength(0);

    // A group right after another group is not offered: the "+" below the group adds nodes only.
    const afterGroup = screen.getByTestId('add-2');
    await user.click(afterGroup);
    const groupItems = await screen.findAllByTestId('add-group');
    expect(groupItems.at(-1)!.closest('li')).toHaveAttribute('aria-disabled', 'true');

    // Inside the first branch: an approval node (its drawer opens), named and given members.
    const firstBranchId = branches[0]!.getAttribute('data-testid')!.replace('branch-', '');
    await user.click(screen.getByTestId(`add-${firstBranchId}-0`));
    const nodeItems = await screen.findAllByTestId('add-node');
    await user.click(nodeItems.at(-1)!);
    const drawer = await screen.findByTestId('node-drawer');
    fireEvent.change(within(drawer).getByTestId('node-name'), { target: { value: '项目经理' } });
    await user.click(within(drawer).getByTestId('approvers-remove-0'));
    // No approver left: the node says so at once.
    const card = () => screen.getAllByText('项目经理')[0]!.closest('.wf-card') as HTMLElement;
    expect(card()).toHaveClass('wf-card--error');
    expect(card()).toHaveTextContent('请设置此节点的审批人');
    await user.click(within(drawer).getByTestId('approvers-add'));
    await user.click(within(drawer).getByRole('combobox', { name: '选择成员' }));
    await user.click(await screen.findByTitle('张三'));
    await user.click(within(drawer).getByTestId('node-drawer-done'));
    await waitFor(() => expect(card()).not.toHaveClass('wf-card--error'));
    expect(card()).toHaveTextContent('张三');
    // Now the first branch differs from the default, and lacks its condition.
    expect(screen.getByTestId(`branch-${firstBranchId}`)).toHaveClass('wf-card--error');
    expect(screen.getByTestId(`branch-${firstBranchId}`)).toHaveTextContent('此分支需要设置条件');

    // The branch's condition: amount between 1000 and (open).
    await user.click(screen.getByTestId(`branch-edit-${firstBranchId}`));
    const conditions = await screen.findByTestId('condition-drawer');
    await user.click(within(conditions).getByTestId('condition-apply'));
    expect(await within(conditions).findByText('请输入字段标识')).toBeInTheDocument();
    fireEvent.change(within(conditions).getByTestId('condition-field-0'), { target: { value: 'amount' } });
    await user.click(within(conditions).getByRole('combobox', { name: '比较方式' }));
    await user.click(await screen.findByTitle('大于'));
    fireEvent.change(within(conditions).getByRole('spinbutton', { name: '值' }), {
      target: { value: '1000' },
    });
    await user.click(within(conditions).getByTestId('condition-apply'));
    await waitFor(() => expect(screen.queryByTestId('designer-problems')).not.toBeInTheDocument());
    expect(screen.getByTestId(`branch-${firstBranchId}`)).toHaveTextContent('amount 大于 1000');

    // Save: the graph sent is the flow — approval-1 branches to the new node (amount > 1000) or, by
    // default, straight to the end.
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() =>
      expect(requestsTo(api, 'PUT', `${S}/workflow-templates/${template._id}`)).toHaveLength(1),
    );
    const sent = requestsTo(api, 'PUT', `${S}/workflow-templates/${template._id}`)[0]!.body as {
      revision: number;
      graph: WorkflowGraph;
    };
    expect(sent.revision).toBe(1);
    const newNode = sent.graph.nodes.find((node) => node.name === '项目经理');
    expect(newNode).toMatchObject({
      kind: 'approval',
      approvers: [{ kind: 'members', userIds: [ZHANGSAN._id] }],
    });
    const out = sent.graph.edges.filter((edge) => edge.from === 'approval-1');
    expect(out.map((edge) => [edge.to, edge.isDefault, edge.conditions])).toEqual([
      [newNode!.id, false, [{ field: 'amount', op: 'gt', value: 1000 }]],
      ['end', true, []],
    ]);

    // Publish: the saved revision is published.
    await user.click(screen.getByTestId('designer-publish'));
    expect(await screen.findByText('已发布为第 1 版')).toBeInTheDocument();
    const published = requestsTo(api, 'POST', `${S}/workflow-templates/${template._id}/publish`);
    expect(published.map((request) => request.body)).toEqual([{ revision: 2 }]);
    expect(screen.getByTestId('designer-state')).toHaveTextContent('已发布第 1 版');
  });

  it("puts the server's refusal on the node it names, and a stale revision offers the latest version", async () => {
    const template = seed();
    const { user } = renderWorkflow(designerPath(template._id));
    await screen.findByTestId('node-approval-1');
    // A change (the mode), then the server refuses the save naming the node.
    await user.click(screen.getByTestId('node-edit-approval-1'));
    const drawer = await screen.findByTestId('node-drawer');
    await user.click(within(drawer).getByLabelText('会签（全部同意）'));
    await user.click(within(drawer).getByTestId('node-drawer-done'));
    // Leaving with the change unsaved asks first; staying keeps the draft.
    await user.click(document.querySelector('.workflow-designer__back') as HTMLElement);
    expect(await screen.findByText('离开后，本页未保存的修改将会丢失。确定离开吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(screen.getByTestId('node-approval-1')).toHaveTextContent('会签（全部同意）');
    state.refuse[`PUT ${S}/workflow-templates/${template._id}`] = {
      status: 400,
      json: {
        code: 400,
        key: 'workflow.approverNotMember',
        message: '节点“审批人”指定了非项目成员',
        details: [
          {
            path: 'nodes.approval-1',
            key: 'workflow.approverNotMember',
            message: '节点“审批人”指定了非项目成员',
          },
        ],
      },
    };
    await user.click(screen.getByTestId('designer-save'));
    const node = screen.getByTestId('node-approval-1');
    await waitFor(() => expect(node).toHaveClass('wf-card--error'));
    expect(within(node).getByTestId('node-problems-approval-1')).toHaveTextContent(
      '节点“审批人”指定了非项目成员',
    );

    // Meanwhile someone else saved: the next save is stale (409 with the current template).
    const theirs = { ...template, revision: 5, name: '材料进场审批（新）' };
    theirs.graph = {
      ...template.graph!,
      nodes: template.graph!.nodes.map((n) => (n.kind === 'approval' ? { ...n, name: '他们的节点' } : n)),
    };
    state.templates = [theirs];
    await user.click(screen.getByTestId('designer-save'));
    expect(await screen.findByTestId('stale-text')).toHaveTextContent('你的修改不能覆盖对方的修改');
    await user.click(screen.getByTestId('stale-reload'));
    await waitFor(() => expect(screen.getByTestId('node-approval-1')).toHaveTextContent('他们的节点'));
    expect(screen.getByTestId('node-approval-1')).not.toHaveClass('wf-card--error');
  });

  it('zooms, and keeps members out (no-permission state, no template read)', async () => {
    const template = seed();
    const { user, unmount } = renderWorkflow(designerPath(template._id));
    await screen.findByTestId('node-approval-1');
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('100%');
    await user.click(screen.getByTestId('zoom-out'));
    await user.click(screen.getByTestId('zoom-out'));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('80%');
    await user.click(screen.getByTestId('zoom-in'));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('90%');
    unmount();

    state.role = 'member';
    api.requests.length = 0;
    renderWorkflow(designerPath(template._id), ZHANGSAN);
    expect(await screen.findByTestId('settings-no-permission')).toBeInTheDocument();
    expect(requestsTo(api, 'GET', `${S}/workflow-templates/${template._id}`)).toHaveLength(0);
  });
});
