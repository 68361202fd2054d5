import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  GROUP_A,
  MEMBER,
  MODEL_A,
  PROJECT_ID,
  renderModels,
  requestsTo,
  resetState,
  SET_1,
  SET_2,
  SET_3,
  serveModels,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveModels, resetState);
const SETS = `/projects/${PROJECT_ID}/models/selection-sets`;

describe('selection sets', { timeout: 120_000 }, () => {
  it('lists the sets by group with their models and element counts; opens one in the viewer', async () => {
    renderModels(SETS);
    expect(await screen.findByTestId(`set-group-${GROUP_A}`)).toHaveTextContent('一层 (2)');
    expect(screen.getByTestId('set-group-none')).toHaveTextContent('未分组 (1)');
    const row = await screen.findByTestId(`set-row-${SET_1}`);
    expect(row).toHaveTextContent('一层墙体');
    await waitFor(() => expect(row).toHaveTextContent('双拼住宅'));
    expect(screen.getByTestId(`set-count-${SET_1}`)).toHaveTextContent('2');
    // A set with a deleted model says so, and opens only the models that are left.
    expect(screen.getByTestId(`set-row-${SET_3}`)).toHaveTextContent('模型已删除');
    const open = screen.getByTestId(`set-open-${SET_3}`);
    const target = new URL(open.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe(`/projects/${PROJECT_ID}/models/viewer`);
    expect(target.searchParams.get('models')).toBe(MODEL_A);
    expect(target.searchParams.get('selectionSet')).toBe(SET_3);
  });

  it('searches by name', async () => {
    const { user } = renderModels(SETS);
    await screen.findByTestId(`set-row-${SET_1}`);
    await user.type(screen.getByTestId('sets-search'), '楼梯');
    await waitFor(() => expect(screen.queryByTestId(`set-row-${SET_1}`)).not.toBeInTheDocument());
    expect(screen.getByTestId(`set-row-${SET_2}`)).toBeInTheDocument();
    await user.clear(screen.getByTestId('sets-search'));
    await user.type(screen.getByTestId('sets-search'), '没有这个');
    expect(await screen.findByText('没有符合搜索条件的选择集')).toBeInTheDocument();
  });

  it('renames (a duplicate in the group is refused at the field), moves and deletes a set', async () => {
    const { user } = renderModels(SETS);
    await user.click(await screen.findByTestId(`set-rename-${SET_1}`));
    const name = await screen.findByTestId('set-rename-name');
    await user.clear(name);
    await user.type(name, '结构柱');
    await user.click(screen.getByTestId('set-rename-save'));
    expect(await screen.findByText('同一分组中已有同名选择集')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '一层外墙');
    await user.click(screen.getByTestId('set-rename-save'));
    await waitFor(() => expect(screen.getByTestId(`set-name-${SET_1}`)).toHaveTextContent('一层外墙'));

    await user.click(screen.getByTestId(`set-move-${SET_1}`));
    await user.click(within(await screen.findByTestId('set-move-group')).getByRole('combobox'));
    await user.click(await screen.findByText('未分组', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('set-move-save'));
    await waitFor(() => expect(screen.getByTestId('set-group-none')).toHaveTextContent('未分组 (2)'));
    expect(requestsTo(api, 'PUT', `model-service/selection-sets/${SET_1}`).at(-1)!.body).toEqual({
      groupId: null,
    });

    await user.click(screen.getByTestId(`set-delete-${SET_2}`));
    await user.click(await screen.findByTestId(`set-delete-ok-${SET_2}`));
    await waitFor(() => expect(screen.queryByTestId(`set-row-${SET_2}`)).not.toBeInTheDocument());
    expect(state.sets.map((set) => set._id)).not.toContain(SET_2);
  });

  it('shows the empty state, and only its own sets editable to a member without rights', async () => {
    state.sets = [];
    renderModels(SETS);
    expect(await screen.findByTestId('sets-empty')).toHaveTextContent('还没有选择集');

    resetState();
    state.role = 'member';
    state.rights = { view: true };
    state.sets = state.sets.map((set) => (set._id === SET_2 ? { ...set, createdBy: MEMBER._id } : set));
    const second = renderModels(SETS, MEMBER);
    await within(second.container).findByTestId(`set-row-${SET_1}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(second.container).queryByTestId(`set-delete-${SET_1}`)).not.toBeInTheDocument();
    expect(within(second.container).getByTestId(`set-delete-${SET_2}`)).toBeInTheDocument();
  });
});
