import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  serveModels,
  state,
  TAG_ARCH,
} from '../testSupport';

const api = fakeApiForFile(serveModels, resetState);
const SETTINGS = `/projects/${PROJECT_ID}/models/settings`;
const P = `model-service/projects/${PROJECT_ID}`;

describe('model settings', { timeout: 120_000 }, () => {
  it('adds a model tag with its type; a duplicate name is refused at the name field', async () => {
    const { user } = renderModels(SETTINGS);
    expect(await screen.findByTestId(`model-tag-name-${TAG_ARCH}`)).toHaveTextContent('建筑');
    await user.type(screen.getByTestId('model-tag-add-input'), '建筑');
    await user.click(screen.getByTestId('model-tag-add'));
    expect(await within(screen.getByTestId('model-tags')).findByText('名称已存在')).toBeInTheDocument();

    const input = screen.getByTestId('model-tag-add-input');
    await user.clear(input);
    await user.type(input, '二号楼');
    fireEvent.mouseDown(within(screen.getByTestId('model-tag-add-type')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('单体', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('model-tag-add'));
    await waitFor(() => expect(state.modelTags.map((tag) => tag.name)).toContain('二号楼'));
    const posted = requestsTo(api, 'POST', `${P}/model-tags`).at(-1)!;
    expect(posted.body).toEqual({ name: '二号楼', type: 'building' });
    expect(await screen.findByText('二号楼')).toBeInTheDocument();
  });

  it('refuses a duplicate viewport tag at the name field', async () => {
    const { user } = renderModels(SETTINGS);
    await user.click(await screen.findByTestId('model-settings-tab-viewport-tags'));
    await user.type(await screen.findByTestId('viewport-tags-add-input'), '汇报');
    await user.click(screen.getByTestId('viewport-tags-add'));
    expect(await within(screen.getByTestId('viewport-tags')).findByText('名称已存在')).toBeInTheDocument();
    expect(state.viewportTags).toHaveLength(1);
  });

  it('deletes a group holding sets after saying they become ungrouped', async () => {
    const { user } = renderModels(SETTINGS);
    await user.click(await screen.findByTestId('model-settings-tab-selection-set-groups'));
    const list = await screen.findByTestId('selection-set-groups');
    await waitFor(() => expect(list).toHaveTextContent('2 个'));
    await user.click(within(list).getByTestId(`selection-set-groups-delete-${GROUP_A}`));
    expect(await screen.findByText(/其中的 2 个选择集将移到“未分组”/)).toBeInTheDocument();
    await user.click(screen.getByTestId(`selection-set-groups-delete-ok-${GROUP_A}`));
    await waitFor(() => expect(state.groups).toHaveLength(0));
    const deleted = requestsTo(api, 'DELETE', `model-service/selection-set-groups/${GROUP_A}`)[0]!;
    expect(deleted.query.get('moveTo')).toBe('none');
    expect(state.sets.every((set) => set.groupId === null)).toBe(true);
  });

  it('saves the attribute display: basic attributes and chosen property sets with names from a model', async () => {
    const { user } = renderModels(`${SETTINGS}?tab=attribute-display`);
    const tab = await screen.findByTestId('attribute-display');
    expect(screen.getByTestId('attribute-save')).toBeDisabled();
    await user.click(within(tab).getByTestId('attribute-basic-type'));
    await user.click(screen.getByTestId('attribute-sets-chosen'));
    // Chosen but empty: explained, and not savable.
    expect(await screen.findByText('请至少选择一个属性集，或改为显示全部属性集')).toBeInTheDocument();
    expect(screen.getByTestId('attribute-save')).toBeDisabled();

    // Names offered from a model's elements.
    fireEvent.mouseDown(within(screen.getByTestId('attribute-source-model')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('双拼住宅', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByTestId('attribute-source-found')).toHaveTextContent('找到 2 个属性集');
    expect(requestsTo(api, 'GET', `model-service/models/${MODEL_A}/categories`)).toHaveLength(1);

    await user.type(screen.getByTestId('attribute-set-input'), 'Pset_WallCommon');
    await user.click(screen.getByTestId('attribute-set-add'));
    await user.click(await screen.findByTestId('attribute-set-chosen-Pset_WallCommon'));
    const properties = screen.getByTestId('attribute-properties-Pset_WallCommon');
    fireEvent.mouseDown(within(properties).getByRole('combobox'));
    fireEvent.click(await screen.findByText('IsExternal', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.getByTestId('attribute-save')).toBeEnabled());
    await user.click(screen.getByTestId('attribute-save'));
    await waitFor(() =>
      expect(state.attributeDisplay).toEqual({
        basic: ['name', 'globalId', 'ifcClass', 'storey', 'discipline'],
        propertySets: [{ name: 'Pset_WallCommon', properties: ['IsExternal'] }],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('attribute-save')).toBeDisabled());
  });

  it('is refused to a member without the edit right', async () => {
    state.role = 'member';
    state.rights = { view: true };
    renderModels(SETTINGS, MEMBER);
    expect(await screen.findByTestId('model-settings-no-right')).toHaveTextContent('没有权限');
  });
});
