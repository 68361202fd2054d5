import type { Viewport } from '@lintel/contracts/models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../../test/project';
import { renderRoutes } from '../../../../test/renderRoutes';
import { setupUser } from '../../../../test/user';
import {
  makeSheet,
  PROJECT_ID,
  RECEIVER,
  renderContactSheets,
  requestsTo,
  resetState,
  SENDER,
  SHEET_ID,
  serveContactSheets,
  state,
} from '../../../contactsheets/testSupport';
import { registerViewSource, type ViewFields } from '../../viewpoint/currentView';
import RaiseSheetForm from './RaiseSheetForm';

const MODEL_ID = '66d000000000000000000a01';
const VIEWPORT_ID = '66d000000000000000000c02';
const M = 'model-service';
const AT = '2026-03-02T08:30:00.000Z';
const VIEW: ViewFields = {
  modelIds: [MODEL_ID],
  camera: { projection: 'orthographic', position: [0, 40, 0], target: [0, 0, 0], zoom: 2.5 },
  clippingPlanes: [],
  sectionBox: { min: [-5, 0, -5], max: [5, 3, 5] },
  hidden: [],
  isolated: [{ modelId: MODEL_ID, globalIds: ['2O2Fr$t4X7Zf8NOew3FLOH'] }],
};
// The answer as the server gives it (its camera zoom filled in).
const saved = {
  _id: VIEWPORT_ID,
  projectId: PROJECT_ID,
  name: '联系单视点：外墙-240',
  remark: '',
  ...VIEW,
  tagIds: [],
  thumbnailFileId: null,
  createdBy: SENDER._id,
  createdAt: AT,
  updatedAt: AT,
} as Viewport;

const api = fakeApiForFile((fake) => {
  serveContactSheets(fake);
  fake.on(`POST ${M}/projects/${PROJECT_ID}/viewports`, (request) => ({
    json: { ...saved, ...(request.body as object) },
  }));
  fake.on(`GET ${M}/viewports/${VIEWPORT_ID}`, { json: saved });
}, resetState);

let unregister: () => void = () => undefined;
afterEach(() => unregister());

describe('a contact sheet sent from an element (issue 16)', { timeout: 90_000 }, () => {
  it('carries the element model and the view on screen as its viewpoint', async () => {
    unregister = registerViewSource({ read: () => VIEW, snapshot: async () => null });
    let done = 0;
    renderRoutes(
      {
        '/projects/:projectId/models/viewer': (
          <App component={false}>
            <RaiseSheetForm
              projectId={PROJECT_ID}
              modelId={MODEL_ID}
              elementName="外墙-240"
              onDone={() => {
                done += 1;
              }}
            />
          </App>
        ),
      },
      { path: `/projects/${PROJECT_ID}/models/viewer`, user: SENDER },
    );
    const user = setupUser();
    const form = await screen.findByTestId('viewer-raise-sheet');
    expect(form).toHaveTextContent('关于「外墙-240」发联系单');
    await user.click(within(screen.getByTestId('sheet-receivers-input')).getByRole('combobox'));
    const options = await screen.findAllByText('张三（zhangsan）', {
      selector: '.ant-select-item-option-content',
    });
    await user.click(options[options.length - 1]!);
    fireEvent.change(screen.getByTestId('sheet-content-input'), { target: { value: '请核对防水做法。' } });
    await user.click(screen.getByTestId('sheet-submit'));

    await waitFor(() => expect(requestsTo(api, 'POST', 'worksheet-service/contactsheets')).toHaveLength(1));
    // No picture from the canvas: the viewpoint is saved without one.
    expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(0);
    expect(requestsTo(api, 'POST', `${M}/projects/${PROJECT_ID}/viewports`)[0]!.body).toEqual({
      name: '联系单视点：外墙-240',
      ...VIEW,
      thumbnailFileId: null,
    });
    expect(requestsTo(api, 'POST', 'worksheet-service/contactsheets')[0]!.body).toMatchObject({
      projectId: PROJECT_ID,
      title: '关于「外墙-240」',
      receivers: [RECEIVER._id],
      modelId: MODEL_ID,
      viewportId: VIEWPORT_ID,
    });
    await waitFor(() => expect(done).toBe(1));
  });

  it("the sheet's page opens the viewer on its viewpoint; a viewport named by text shows nothing", async () => {
    state.sheets = [makeSheet({ viewportId: VIEWPORT_ID, modelId: MODEL_ID })];
    const first = renderContactSheets(`/projects/${PROJECT_ID}/contactsheets/${SHEET_ID}`);
    const section = await screen.findByTestId('sheet-viewpoint');
    const open = await within(section).findByTestId('viewpoint-open');
    const target = new URL(open.getAttribute('href')!, 'http://localhost');
    expect(target.searchParams.get('viewport')).toBe(VIEWPORT_ID);
    expect(target.searchParams.get('models')).toBe(MODEL_ID);
    first.unmount();

    state.sheets = [makeSheet({ viewportId: '东南角视点' })];
    renderContactSheets(`/projects/${PROJECT_ID}/contactsheets/${SHEET_ID}`);
    await screen.findByTestId('sheet-detail');
    expect(screen.queryByTestId('sheet-viewpoint')).toBeNull();
  });
});
