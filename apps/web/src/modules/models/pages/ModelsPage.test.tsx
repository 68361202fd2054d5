import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  MEMBER,
  MODEL_A,
  MODEL_B,
  MODEL_C,
  PROJECT_ID,
  renderModels,
  requestsTo,
  resetState,
  serveModels,
  state,
  TAG_STRUCT,
  VERSION_A1,
  VERSION_A2,
  VERSION_B1,
  VERSION_C1,
} from '../testSupport';

const api = fakeApiForFile(serveModels, resetState);
const LIST_API = `model-service/projects/${PROJECT_ID}/models`;
const LIST = `/projects/${PROJECT_ID}/models`;

const pages = () => requestsTo(api, 'GET', LIST_API).filter((r) => !r.query.has('only_count'));
const ifc = (name: string, text = 'ISO-10303-21;\nHEADER;\nENDSEC;\n') =>
  new File([text], name, { type: '' });
// The upload button shows once the upload right is known.
const uploadInput = async () => (await screen.findByTestId('models-upload-input')) as HTMLInputElement;

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('model list', { timeout: 120_000 }, () => {
  it('lists the models with their state: progress while converting, the reason when failed', async () => {
    renderModels(LIST);
    const ready = await screen.findByTestId(`model-row-${MODEL_A}`);
    expect(ready).toHaveTextContent('双拼住宅');
    expect(ready).toHaveTextContent('建筑');
    expect(ready).toHaveTextContent('已就绪');
    expect(ready).toHaveTextContent('第 2 版');
    expect(ready).toHaveTextContent('286');
    expect(ready).toHaveTextContent('2.3 MB');
    await waitFor(() => expect(ready).toHaveTextContent('演示用户'));
    // A ready model opens in the viewer; the others do not.
    expect(within(ready).getByTestId(`model-open-${MODEL_A}`)).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/models/viewer?models=${MODEL_A}`,
    );
    const converting = screen.getByTestId(`model-row-${MODEL_B}`);
    expect(converting).toHaveTextContent('转换中');
    expect(within(converting).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(converting).toHaveTextContent('李四');
    expect(within(converting).queryByTestId(`model-open-${MODEL_B}`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`model-status-${MODEL_C}-reason`)).toHaveTextContent(
      'IFC 文件格式有误，无法解析',
    );
    expect(screen.getByText('共 3 个模型')).toBeInTheDocument();
  });

  it('polls every 2 s only while a model converts, and stops when it is ready', async () => {
    renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_B}`);
    const first = pages().length;
    state.models = state.models.map((model) =>
      model._id === MODEL_B
        ? {
            ...model,
            currentVersion: { ...model.currentVersion, status: 'ready', progress: 100, elementCount: 120 },
          }
        : model,
    );
    await waitFor(() => expect(screen.getByTestId(`model-row-${MODEL_B}`)).toHaveTextContent('已就绪'), {
      timeout: 5000,
    });
    const polled = pages().length;
    expect(polled).toBeGreaterThan(first);
    // Nothing converts any more: no further requests.
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(pages().length).toBe(polled);
  });

  it('puts the search, status and tag in the address and the where of the request', async () => {
    const { location } = renderModels(`${LIST}?status=failed`);
    expect(await screen.findByTestId(`model-row-${MODEL_C}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`model-row-${MODEL_A}`)).not.toBeInTheDocument();
    expect(JSON.parse(pages()[0]!.query.get('where')!)).toEqual({ status: 'failed' });

    fireEvent.mouseDown(within(screen.getByTestId('models-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('已就绪', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('ready'));

    fireEvent.mouseDown(within(screen.getByTestId('models-filter-tag')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('结构', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('tag')).toBe(TAG_STRUCT));

    api.requests.length = 0;
    fireEvent.change(screen.getByTestId('models-search'), { target: { value: '双拼' } });
    await waitFor(() => expect(new URLSearchParams(location.search).get('q')).toBe('双拼'));
    await waitFor(() =>
      expect(pages().some((r) => r.query.get('where')?.includes('"$regex":"双拼"'))).toBe(true),
    );
    const where = JSON.parse(pages().at(-1)!.query.get('where')!);
    expect(where).toEqual({ name: { $regex: '双拼' }, status: 'ready', tagId: TAG_STRUCT });
    expect(await screen.findByText('没有符合筛选条件的模型')).toBeInTheDocument();
  });

  it('on a phone: the filter sheet counts the models for the filters as they change', async () => {
    setWidth(390);
    const { location } = renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 3 条结果');
    fireEvent.mouseDown(within(within(sheet).getByTestId('models-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('已就绪', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('ready'));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果'));
    expect(within(sheet).getByRole('button', { name: '查看 1 条结果' })).toBeInTheDocument();
  });

  it('shows the empty state with the upload call to action, and none of the actions without rights', async () => {
    state.models = [];
    renderModels(LIST);
    const empty = await screen.findByTestId('models-empty');
    expect(empty).toHaveTextContent('还没有模型');
    await waitFor(() => expect(within(empty).getByTestId('models-upload')).toBeInTheDocument());

    resetState();
    state.rights = { view: true };
    state.role = 'member';
    const second = renderModels(LIST, MEMBER);
    await screen.findAllByTestId(`model-row-${MODEL_A}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = second.container;
    // Without the upload right the button stays, disabled, saying which right is missing.
    expect(within(page).getByTestId('models-upload')).toBeDisabled();
    expect(within(page).getByTestId('models-upload-missing')).toHaveAccessibleName(/模型.*上传权限/);
    expect(within(page).queryByTestId('models-settings')).not.toBeInTheDocument();
    expect(within(page).queryByTestId(`model-edit-${MODEL_A}`)).not.toBeInTheDocument();
    expect(within(page).queryByTestId(`model-delete-${MODEL_A}`)).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry that works', async () => {
    state.refuse[`GET ${LIST_API}`] = {
      status: 500,
      json: { code: 500, key: 'common.internal', message: '服务器开小差了' },
    };
    const { user } = renderModels(LIST);
    const error = await screen.findByTestId('models-error');
    expect(error).toHaveTextContent('服务器开小差了');
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId(`model-row-${MODEL_A}`)).toBeInTheDocument();
  });

  it('refuses a wrong extension, an empty file and a file without the IFC header before sending anything', async () => {
    renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    fireEvent.change(await uploadInput(), { target: { files: [new File(['x'], 'plan.dwg')] } });
    expect(await screen.findByText(/plan\.dwg 不是 IFC 模型/)).toBeInTheDocument();
    fireEvent.change(await uploadInput(), { target: { files: [new File([], 'empty.ifc')] } });
    expect(await screen.findByText('empty.ifc 是空文件')).toBeInTheDocument();
    fireEvent.change(await uploadInput(), { target: { files: [ifc('fake.ifc', 'hello world')] } });
    expect(await screen.findByText(/fake\.ifc 的内容不是 IFC 文件/)).toBeInTheDocument();
    expect(requestsTo(api, 'POST', LIST_API)).toHaveLength(0);
  });

  it('uploads a new model with progress, then lists it queued', async () => {
    renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    fireEvent.change(await uploadInput(), { target: { files: [ifc('新建模型.ifc')] } });
    const panel = await screen.findByTestId('models-uploads');
    await waitFor(() => expect(within(panel).getByText('上传完成，已加入转换队列')).toBeInTheDocument());
    const sent = requestsTo(api, 'POST', LIST_API);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.body)).toContain('name="name"\r\n\r\n新建模型\r\n');
    expect(String(sent[0]!.body)).toContain('ISO-10303-21;');
    const created = state.models.find((model) => model.name === '新建模型')!;
    const row = await screen.findByTestId(`model-row-${created._id}`);
    expect(row).toHaveTextContent('排队中');
  });

  it('asks before an upload becomes the next version of a model of that name; declining sends nothing', async () => {
    const { user } = renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    fireEvent.change(await uploadInput(), { target: { files: [ifc('双拼住宅.ifc')] } });
    const decline = await screen.findByTestId('models-upload-version-cancel');
    expect(screen.getAllByText('模型「双拼住宅」已存在').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/当前为第 2 版/).length).toBeGreaterThan(0);
    await user.click(decline);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requestsTo(api, 'POST', LIST_API)).toHaveLength(0);

    fireEvent.change(await uploadInput(), { target: { files: [ifc('双拼住宅.ifc')] } });
    await user.click(await screen.findByTestId('models-upload-version-ok'));
    await waitFor(() => expect(screen.getByText('上传完成：第 3 版已加入转换队列')).toBeInTheDocument());
    expect(requestsTo(api, 'POST', LIST_API)).toHaveLength(1);
  });

  it('shows the server refusing an upload in the panel', async () => {
    state.refuse[`POST ${LIST_API}`] = {
      status: 400,
      json: { code: 400, key: 'models.notIfc', message: '文件不是 IFC 模型' },
    };
    renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    fireEvent.change(await uploadInput(), { target: { files: [ifc('另一个.ifc')] } });
    const panel = await screen.findByTestId('models-uploads');
    await waitFor(() => expect(panel).toHaveTextContent('文件不是 IFC 模型'));
  });

  it('opens several ready models together', async () => {
    state.models = state.models.map((model) =>
      model._id === MODEL_B
        ? { ...model, currentVersion: { ...model.currentVersion, status: 'ready' } }
        : model,
    );
    const { user, location } = renderModels(LIST);
    await screen.findByTestId(`model-row-${MODEL_A}`);
    expect(screen.getByTestId('models-open-selected')).toBeDisabled();
    await user.click(within(screen.getByTestId(`model-row-${MODEL_A}`)).getByRole('checkbox'));
    await user.click(within(screen.getByTestId(`model-row-${MODEL_B}`)).getByRole('checkbox'));
    // A failed model cannot be ticked.
    expect(within(screen.getByTestId(`model-row-${MODEL_C}`)).getByRole('checkbox')).toBeDisabled();
    await user.click(screen.getByTestId('models-open-selected'));
    await screen.findByTestId('viewer-marker');
    expect(location.pathname).toBe(`/projects/${PROJECT_ID}/models/viewer`);
    expect(new URLSearchParams(location.search).get('models')).toBe(`${MODEL_A},${MODEL_B}`);
  });

  it('edits a model: a duplicate name is shown at the name field; a good edit is saved', async () => {
    const { user } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-edit-${MODEL_A}`));
    const name = await screen.findByTestId('model-edit-name');
    // The test is about the names sent, not typing: one paste instead of an input event per character.
    await user.clear(name);
    await user.paste('结构模型');
    await user.click(screen.getByTestId('model-edit-save'));
    const form = screen.getByTestId('model-edit-form');
    expect(await within(form).findByText('项目中已有同名模型')).toBeInTheDocument();
    await user.clear(name);
    await user.paste('双拼住宅（修改）');
    await user.click(screen.getByTestId('model-edit-save'));
    await waitFor(() =>
      expect(screen.getByTestId(`model-name-${MODEL_A}`)).toHaveTextContent('双拼住宅（修改）'),
    );
    const put = requestsTo(api, 'PUT', `model-service/models/${MODEL_A}`).at(-1)!;
    expect(put.body).toEqual({
      name: '双拼住宅（修改）',
      remark: '建筑专业',
      tagIds: [state.models[0]!.tagIds[0]],
    });
  });

  it('deletes a model after a danger confirmation', async () => {
    const { user } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-delete-${MODEL_C}`));
    const ok = await screen.findByTestId('model-delete-ok');
    expect(screen.getAllByText('删除模型「损坏的模型」？').length).toBeGreaterThan(0);
    await user.click(ok);
    await waitFor(() => expect(screen.queryByTestId(`model-row-${MODEL_C}`)).not.toBeInTheDocument());
    expect(requestsTo(api, 'DELETE', `model-service/models/${MODEL_C}`)).toHaveLength(1);
  });
});

describe('model versions', { timeout: 120_000 }, () => {
  it('lists the versions; deletes one after confirming; downloads the IFC; compares two ready ones', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/ifc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user, location } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-versions-${MODEL_A}`));
    const v1 = await screen.findByTestId(`version-row-${VERSION_A1}`);
    expect(v1).toHaveTextContent('第 1 版');
    expect(v1).toHaveTextContent('duplex-v1.ifc');
    expect(v1).toHaveTextContent('280');
    expect(v1).toHaveTextContent('1.3 秒');
    expect(screen.getByTestId(`version-row-${VERSION_A2}`)).toHaveTextContent('当前');

    await user.click(await within(v1).findByTestId(`version-download-${VERSION_A1}`));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const file = requestsTo(api, 'GET', `model-service/models/${MODEL_A}/file`)[0]!;
    expect(file.query.get('versionId')).toBe(VERSION_A1);

    // Compare: ticking two ready versions enables it; the viewer gets older → newer.
    expect(screen.getByTestId('versions-compare')).toBeDisabled();
    await user.click(within(screen.getByTestId(`version-row-${VERSION_A2}`)).getByRole('checkbox'));
    await user.click(within(v1).getByRole('checkbox'));
    await user.click(screen.getByTestId('versions-compare'));
    await screen.findByTestId('viewer-marker');
    expect(new URLSearchParams(location.search).get('compare')).toBe(
      `${MODEL_A}:${VERSION_A1}:${VERSION_A2}`,
    );
    vi.restoreAllMocks();
  });

  it('deletes a version after confirming; the only version has no delete', async () => {
    const { user } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-versions-${MODEL_A}`));
    await user.click(await screen.findByTestId(`version-delete-${VERSION_A1}`));
    await user.click(await screen.findByTestId(`version-delete-ok-${VERSION_A1}`));
    await waitFor(() => expect(screen.queryByTestId(`version-row-${VERSION_A1}`)).not.toBeInTheDocument());
    expect(requestsTo(api, 'DELETE', `model-service/models/${MODEL_A}/versions/${VERSION_A1}`)).toHaveLength(
      1,
    );
    // One version left: it cannot be deleted (delete the model instead).
    expect(screen.queryByTestId(`version-delete-${VERSION_A2}`)).not.toBeInTheDocument();
  });

  it('cancels a converting version and retries a failed one', async () => {
    const { user } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-versions-${MODEL_B}`));
    await user.click(await screen.findByTestId(`version-cancel-${VERSION_B1}`));
    await user.click(await screen.findByTestId(`version-cancel-ok-${VERSION_B1}`));
    await waitFor(() =>
      expect(screen.getByTestId(`version-status-${VERSION_B1}`)).toHaveTextContent('转换已取消'),
    );
    expect(requestsTo(api, 'PUT', `model-service/versions/${VERSION_B1}/cancel`)).toHaveLength(1);
    await user.click(screen.getByTestId(`version-retry-${VERSION_B1}`));
    await waitFor(() =>
      expect(screen.getByTestId(`version-status-${VERSION_B1}`)).toHaveTextContent('排队中'),
    );
    expect(requestsTo(api, 'PUT', `model-service/versions/${VERSION_B1}/retry`)).toHaveLength(1);
  });

  it('uploads a new version from the drawer to the version route', async () => {
    const { user } = renderModels(LIST);
    await user.click(await screen.findByTestId(`model-versions-${MODEL_C}`));
    await screen.findByTestId(`version-row-${VERSION_C1}`);
    fireEvent.change(screen.getByTestId('versions-upload-input'), { target: { files: [ifc('fixed.ifc')] } });
    await waitFor(() =>
      expect(requestsTo(api, 'POST', `model-service/models/${MODEL_C}/versions`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByTestId('versions-table')).toHaveTextContent('fixed.ifc'));
    expect(requestsTo(api, 'POST', LIST_API)).toHaveLength(0);
  });
});
