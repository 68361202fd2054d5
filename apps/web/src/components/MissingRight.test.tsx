import { screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../app/i18n';
import { configureHttp } from '../lib/http';
import { type FakeApi, startFakeApi } from '../test/fakeApi';
import { renderWithProviders } from '../test/render';
import { MissingRight } from './MissingRight';

const PROJECT = '66a000000000000000000001';
let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
  // No administrator can be named (the call fails): the sentence ends at "a project administrator".
  api.on(`GET account-service/projects/${PROJECT}/administrators`, {
    status: 404,
    json: { code: 404, key: 'common.notFound', message: 'not found' },
  });
});
beforeEach(() => configureHttp({ baseUrl: api.baseUrl }));
afterAll(() => api.close());
afterEach(() => changeLanguage('zh-CN'));

describe('MissingRight', () => {
  it('shows the action as is with the right, nothing while asked, and disabled with the note in English', async () => {
    await changeLanguage('en-US');
    renderWithProviders(
      <div>
        <MissingRight projectId={PROJECT} module="modelViewer" permission="upload" allowed={true}>
          <Button data-testid="granted">Upload</Button>
        </MissingRight>
        <MissingRight projectId={PROJECT} module="problemTopics" permission="create" allowed={undefined}>
          <Button data-testid="asking">New</Button>
        </MissingRight>
        <MissingRight
          projectId={PROJECT}
          module="contactLists"
          permission="create"
          allowed={false}
          testId="missing"
        >
          <Button data-testid="refused">New</Button>
        </MissingRight>
      </div>,
    );
    expect(screen.getByTestId('granted')).toBeEnabled();
    expect(screen.queryByTestId('asking')).not.toBeInTheDocument();
    expect(screen.getByTestId('refused')).toBeDisabled();
    await waitFor(() => expect(api.requests.some((r) => r.path.endsWith('/administrators'))).toBe(true));
    expect(screen.getByTestId('missing')).toHaveAccessibleName(
      "You don't have the Create right for Contact sheets. Ask a project administrator.",
    );
  });
});
