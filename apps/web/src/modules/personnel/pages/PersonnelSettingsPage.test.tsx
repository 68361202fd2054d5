import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  MEMBER,
  makePerson,
  PROJECT_ID,
  renderPersonnel,
  requestsTo,
  resetState,
  SUB_UNIT_ID,
  servePersonnel,
  state,
  UNIT_ID,
} from '../testSupport';

const api = fakeApiForFile(servePersonnel, resetState);
const SETTINGS = `/projects/${PROJECT_ID}/personnel/settings`;
const S = 'personnel-service';

describe('personnel settings', { timeout: 120_000 }, () => {
  it('shows the unit tree, adds a sub-unit, and deletes a unit after warning about its staff', async () => {
    state.people = [makePerson()];
    const { user } = renderPersonnel(SETTINGS);
    await screen.findByTestId('personnel-settings-page');
    expect(await screen.findByTestId(`units-name-${UNIT_ID}`)).toHaveTextContent('工程部');
    // The sub-unit shows under its parent (the tree starts open).
    expect(await screen.findByTestId(`units-name-${SUB_UNIT_ID}`)).toHaveTextContent('一组');

    await user.click(screen.getByTestId(`units-add-child-${SUB_UNIT_ID}`));
    fireEvent.change(await screen.findByTestId('units-add-child-input'), { target: { value: '钢筋班' } });
    await user.click(screen.getByTestId('units-add-child-ok'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${S}/units`)).toHaveLength(1));
    expect(requestsTo(api, 'POST', `${S}/units`)[0]!.body).toEqual({
      projectId: PROJECT_ID,
      name: '钢筋班',
      parentId: SUB_UNIT_ID,
    });
    expect(await screen.findByText('钢筋班')).toBeInTheDocument();

    await user.click(screen.getByTestId(`units-delete-${UNIT_ID}`));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('删除单位“工程部”？');
    expect(confirm).toHaveTextContent('其中的人员将全部设为已退场');
    expect(requestsTo(api, 'PUT', `${S}/units/${UNIT_ID}/delete`)).toHaveLength(0);
    await user.click(within(confirm).getByTestId(`units-delete-ok-${UNIT_ID}`));
    await waitFor(() => expect(requestsTo(api, 'PUT', `${S}/units/${UNIT_ID}/delete`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId(`units-name-${UNIT_ID}`)).not.toBeInTheDocument());
    expect(state.people[0]!.status).toBe('exit');
  });

  it('shows the server refusing a duplicate name and a repeated day-off at the field', async () => {
    const { user } = renderPersonnel(`${SETTINGS}?tab=dayOffs`);
    await screen.findByTestId('dayoffs');
    state.refuse[`POST ${S}/dayOffs`] = {
      status: 409,
      json: { code: 409, key: 'personnel.dayOffExists', message: '2026-10-01 已设置为节假日' },
    };
    const date = within(screen.getByTestId('dayoffs')).getByLabelText('日期');
    await user.click(date);
    fireEvent.change(date, { target: { value: '2026-10-01' } });
    fireEvent.keyDown(date, { key: 'Enter' });
    fireEvent.change(screen.getByTestId('dayoffs-add-name'), { target: { value: '国庆节' } });
    await user.click(screen.getByTestId('dayoffs-add'));
    expect(await screen.findByText('2026-10-01 已设置为节假日')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${S}/dayOffs`)[0]!.body).toEqual({
      projectId: PROJECT_ID,
      date: '2026-10-01',
      name: '国庆节',
    });

    await user.click(screen.getByTestId('personnel-settings-tab-crafts'));
    state.refuse[`POST ${S}/crafts`] = {
      status: 409,
      json: { code: 409, key: 'personnel.nameTaken', message: '已有同名工种“木工”' },
    };
    fireEvent.change(await screen.findByTestId('crafts-add-input'), { target: { value: '木工' } });
    await user.click(screen.getByTestId('crafts-add'));
    expect(await screen.findByText('已有同名工种“木工”')).toBeInTheDocument();
  });

  it('lists the initial rule first and keeps the default rule from being deleted', async () => {
    state.rules = [
      {
        ...state.rules[0]!,
        _id: '67b000000000000000000402',
        name: '夜班',
        hours: 10,
        initial: false,
        isDefault: false,
      },
      state.rules[0]!,
    ];
    renderPersonnel(`${SETTINGS}?tab=rules`);
    const names = await screen.findAllByTestId(/^rules-name-/);
    expect(names.map((n) => n.textContent)).toEqual(['标准考勤', '夜班']);
    expect(screen.getByTestId('rule-default-67b000000000000000000401')).toHaveTextContent('默认');
    expect(screen.queryByTestId('rules-delete-67b000000000000000000401')).not.toBeInTheDocument();
    expect(screen.getByTestId('rules-delete-67b000000000000000000402')).toBeInTheDocument();
  });

  it('says so to someone who is not a project administrator', async () => {
    state.role = 'member';
    renderPersonnel(SETTINGS, MEMBER);
    expect(await screen.findByTestId('personnel-settings-no-right')).toHaveTextContent(
      '只有项目管理员可以修改人员设置',
    );
    expect(requestsTo(api, 'GET', `${S}/projects/${PROJECT_ID}/units`)).toHaveLength(0);
  });
});
