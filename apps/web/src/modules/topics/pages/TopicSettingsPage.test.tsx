import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  MEMBER,
  PROJECT_ID,
  renderTopics,
  requestsTo,
  resetState,
  SPECIES_ID,
  SUBCONTRACT_ID,
  serveTopics,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveTopics, resetState);
const T = 'topic-service';
const SETTINGS = `/projects/${PROJECT_ID}/topics/settings`;

describe('problem settings', { timeout: 90_000 }, () => {
  it('adds, renames, and shows why one in use cannot be deleted', async () => {
    const { user } = renderTopics(SETTINGS);
    // In stages: on a busy machine the first render of the workbench and the tables is slow.
    await screen.findByTestId('workbench');
    await screen.findByTestId('topic-settings');
    expect(await screen.findByTestId(`setting-species-name-${SPECIES_ID}`)).toHaveTextContent('渗漏');
    expect(await screen.findByTestId(`setting-subcontracts-name-${SUBCONTRACT_ID}`)).toHaveTextContent(
      '防水分包',
    );

    fireEvent.change(screen.getByTestId('setting-species-add-input'), { target: { value: '裂缝' } });
    await user.click(screen.getByTestId('setting-species-add'));
    await waitFor(() =>
      expect(requestsTo(api, 'POST', `${T}/projects/${PROJECT_ID}/species`)).toHaveLength(1),
    );
    expect(requestsTo(api, 'POST', `${T}/projects/${PROJECT_ID}/species`)[0]!.body).toEqual({ name: '裂缝' });
    expect(await screen.findByText('裂缝')).toBeInTheDocument();

    await user.click(screen.getByTestId(`setting-subcontracts-rename-${SUBCONTRACT_ID}`));
    const input = await screen.findByTestId(`setting-subcontracts-rename-input-${SUBCONTRACT_ID}`);
    fireEvent.change(input, { target: { value: '防水工程分包' } });
    await user.click(screen.getByTestId(`setting-subcontracts-rename-save-${SUBCONTRACT_ID}`));
    await waitFor(() =>
      expect(requestsTo(api, 'PUT', `${T}/subcontracts/${SUBCONTRACT_ID}`)).toHaveLength(1),
    );
    expect(await screen.findByTestId(`setting-subcontracts-name-${SUBCONTRACT_ID}`)).toHaveTextContent(
      '防水工程分包',
    );

    state.refuse[`DELETE ${T}/species/${SPECIES_ID}`] = {
      status: 409,
      json: { code: 409, key: 'topics.settingInUse', message: '该类别正被 1 个问题使用（#7），不能删除' },
    };
    await user.click(screen.getByTestId(`setting-species-delete-${SPECIES_ID}`));
    await user.click(await screen.findByTestId(`setting-species-delete-ok-${SPECIES_ID}`));
    expect(await screen.findByText('该类别正被 1 个问题使用（#7），不能删除')).toBeInTheDocument();
    expect(screen.getByTestId(`setting-species-name-${SPECIES_ID}`)).toBeInTheDocument();
  });

  it('members who are not admins are told they have no rights', async () => {
    state.role = 'member';
    renderTopics(SETTINGS, MEMBER);
    expect(await screen.findByTestId('topic-settings-no-right')).toHaveTextContent('无权管理问题设置');
    expect(requestsTo(api, 'GET', `${T}/projects/${PROJECT_ID}/species`)).toHaveLength(0);
  });
});
