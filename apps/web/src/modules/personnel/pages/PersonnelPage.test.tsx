import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  CRAFT_ID,
  MEMBER,
  makePerson,
  PERSON_ID,
  PROJECT_ID,
  renderPersonnel,
  requestsTo,
  resetState,
  servePersonnel,
  state,
  UNIT_ID,
} from '../testSupport';

const api = fakeApiForFile(servePersonnel, resetState);
const LIST_API = `personnel-service/projects/${PROJECT_ID}/personnel`;
const LIST = `/projects/${PROJECT_ID}/personnel`;

const pages = () => requestsTo(api, 'GET', LIST_API).filter((r) => !r.query.has('only_count'));

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('personnel list', { timeout: 120_000 }, () => {
  it('on a phone: the filter sheet counts the people for the filters as they change', async () => {
    setWidth(390);
    state.people = [
      makePerson(),
      makePerson({ _id: '67b000000000000000000502', name: '李小红', craftId: '67b000000000000000000399' }),
    ];
    const { location } = renderPersonnel(LIST);
    await screen.findByTestId(`person-row-${PERSON_ID}`);
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 2 条结果'));
    fireEvent.mouseDown(within(within(sheet).getByTestId('personnel-filter-craft')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('木工', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('craft')).toBe(CRAFT_ID));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果'));
    expect(within(sheet).getByRole('button', { name: '查看 1 条结果' })).toBeInTheDocument();
  });

  it('asks for what the address says; status, craft and keyword go into the address and the request', async () => {
    state.people = [
      makePerson(),
      makePerson({ _id: '67b000000000000000000502', name: '李小红', status: 'exit', sex: 1, age: 17 }),
    ];
    const { location, user } = renderPersonnel(`${LIST}?unit=${UNIT_ID}&size=50`);
    const row = await screen.findByTestId(`person-row-${PERSON_ID}`);
    expect(row).toHaveTextContent('王建国');
    // The phone as the server masked it; an age warning only for the 17-year-old.
    expect(row).toHaveTextContent('138****0000');
    expect(screen.queryByTestId(`person-age-warning-${PERSON_ID}`)).not.toBeInTheDocument();
    expect(screen.getByTestId('person-age-warning-67b000000000000000000502')).toHaveTextContent('未满18岁');
    expect(row).toHaveTextContent('一组');
    expect(row).toHaveTextContent('木工');
    expect(row).toHaveTextContent('在场');
    const first = pages()[0]!;
    expect(first.query.get('unitId')).toBe(UNIT_ID);
    expect(first.query.get('limit')).toBe('50');
    expect(first.query.get('skip')).toBe('0');
    // Each status is counted for the same filter.
    await waitFor(() => expect(screen.getByTestId('personnel-tab-exit')).toHaveTextContent('1'));
    expect(screen.getByTestId('personnel-tab-all')).toHaveTextContent('2');

    api.requests.length = 0;
    await user.click(screen.getByTestId('personnel-tab-exit'));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('exit'));
    await waitFor(() => expect(pages().some((r) => r.query.get('status') === 'exit')).toBe(true));
    expect(await screen.findByTestId('person-row-67b000000000000000000502')).toBeInTheDocument();

    api.requests.length = 0;
    fireEvent.mouseDown(within(screen.getByTestId('personnel-filter-craft')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('木工', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('craft')).toBe(CRAFT_ID));
    await waitFor(() => expect(pages().some((r) => r.query.get('craftId') === CRAFT_ID)).toBe(true));

    // The keyword waits for the typing to stop; nobody matches: the filtered empty state.
    api.requests.length = 0;
    fireEvent.change(screen.getByTestId('personnel-filter-keyword'), { target: { value: '赵' } });
    await waitFor(() => expect(new URLSearchParams(location.search).get('q')).toBe('赵'));
    await waitFor(() => expect(pages().some((r) => r.query.get('keyword') === '赵')).toBe(true));
    expect(await screen.findByText('没有符合筛选条件的人员')).toBeInTheDocument();
  });

  it('shows the empty state; without the rights no import, export or settings, and registering disabled with the reason', async () => {
    state.rights = { create: false, export: 'false' };
    state.role = 'member';
    renderPersonnel(LIST, MEMBER);
    expect(await screen.findByText('还没有登记人员')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    // Without the create right the button stays, disabled, saying which right is missing.
    expect(await screen.findByTestId('personnel-create')).toBeDisabled();
    expect(screen.getByTestId('personnel-create-missing')).toHaveAccessibleName(/人员.*新建权限/);
    expect(screen.queryByTestId('personnel-import')).not.toBeInTheDocument();
    expect(screen.queryByTestId('personnel-export')).not.toBeInTheDocument();
    expect(screen.queryByTestId('personnel-settings')).not.toBeInTheDocument();
  });

  it('previews an import: bad rows are marked and keep the import disabled; a clean file imports', async () => {
    const values = (name: string, idNumber: string) => ({
      name,
      idNumber,
      unitName: '一组',
      craftName: '木工',
      bloodType: '',
      team: '',
      teamContact: '',
      teamPhone: '',
      phone: '',
      certificates: '',
      entryDate: '2026-03-01',
      ruleName: '',
      remark: '',
    });
    state.importPreview = {
      rows: [
        { row: 2, values: values('张三', '110105199003071234'), errors: [] },
        {
          row: 3,
          values: values('李四', '110105199003071235'),
          errors: [{ field: 'idNumber', key: 'personnel.idNumberInvalid', message: '身份证号校验位不正确' }],
        },
      ],
      valid: 1,
      invalid: 1,
    };
    const { user } = renderPersonnel(LIST);
    await user.click(await screen.findByTestId('personnel-import'));
    const input = () => document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    // The dialog's code loads when it first opens.
    await waitFor(() => expect(input()).not.toBeNull());
    const file = new File(['PK'], 'workers.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(input(), file);
    const bad = await screen.findByTestId('personnel-import-row-3');
    expect(bad).toHaveAttribute('data-invalid', 'true');
    expect(within(bad).getByTestId('personnel-import-errors-3')).toHaveTextContent('身份证号校验位不正确');
    expect(screen.getByTestId('personnel-import-row-2')).toHaveAttribute('data-invalid', 'false');
    expect(screen.getByTestId('personnel-import-summary')).toHaveTextContent('1 行有错误');
    const commit = screen.getByTestId('personnel-import-commit');
    expect(commit).toBeDisabled();
    const previews = requestsTo(api, 'POST', `${LIST_API}/import`);
    expect(previews).toHaveLength(1);
    expect(previews[0]!.query.get('preview')).toBe('true');

    // The fixed file: every row is ready; importing sends it again, this time to be saved.
    state.importPreview = { rows: [state.importPreview.rows[0]!], valid: 1, invalid: 0 };
    await user.upload(input(), file);
    await waitFor(() => expect(screen.getByTestId('personnel-import-commit')).toBeEnabled());
    expect(screen.queryByTestId('personnel-import-row-3')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('personnel-import-commit'));
    expect(await screen.findByText('已导入 1 人')).toBeInTheDocument();
    const sent = requestsTo(api, 'POST', `${LIST_API}/import`);
    expect(sent.map((r) => r.query.get('preview'))).toEqual(['true', 'true', 'false']);
  });

  it('shows the server refusing a file (not a real workbook) and keeps the import disabled', async () => {
    state.refuse[`POST ${LIST_API}/import`] = {
      status: 400,
      json: { code: 400, key: 'personnel.importNotXlsx', message: '文件不是有效的 Excel（.xlsx）文件' },
    };
    const { user } = renderPersonnel(LIST);
    await user.click(await screen.findByTestId('personnel-import'));
    const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    await user.upload(input, new File(['a,b'], 'workers.xlsx', { type: 'application/octet-stream' }));
    expect(await screen.findByTestId('personnel-import-problem')).toHaveTextContent('文件不是有效的 Excel');
    expect(screen.queryByTestId('personnel-import-summary')).not.toBeInTheDocument();
    expect(screen.getByTestId('personnel-import-commit')).toBeDisabled();
  });

  it('exports the current filter; a refusal is shown', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPersonnel(`${LIST}?unit=${UNIT_ID}&status=entry&q=王&page=2`);
    await user.click(await screen.findByTestId('personnel-export'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = requestsTo(api, 'GET', LIST_API).find((r) => r.query.get('export') === 'true')!;
    expect(Object.fromEntries(exported.query)).toEqual({
      unitId: UNIT_ID,
      status: 'entry',
      keyword: '王',
      export: 'true',
      lang: 'zh-CN',
    });
    expect(created).toHaveBeenCalledTimes(1);

    // The list and its counts have answered: the refusal below is for the export, not one of them.
    await waitFor(() => expect(screen.getByTestId('personnel-tab-exit')).toHaveTextContent('0'));
    state.refuse[`GET ${LIST_API}`] = {
      status: 400,
      json: {
        code: 400,
        key: 'personnel.exportTooLarge',
        message: '导出人数过多（最多 50000 人）：请缩小筛选范围',
      },
    };
    await user.click(screen.getByTestId('personnel-export'));
    expect(await screen.findByText('导出人数过多（最多 50000 人）：请缩小筛选范围')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('offers the holder of viewSensitive an export in full (full=true), or masked', async () => {
    state.rights = { ...state.rights, viewSensitive: true };
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPersonnel(LIST);
    // The menu once both rights are known (before, a plain export button).
    await waitFor(() =>
      expect(screen.getByTestId('personnel-export').querySelector('.anticon-down')).not.toBeNull(),
    );
    await user.click(screen.getByTestId('personnel-export'));
    await user.click(await screen.findByText('导出完整信息（记入审计日志）'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exports = () => requestsTo(api, 'GET', LIST_API).filter((r) => r.query.get('export') === 'true');
    expect(exports()[0]!.query.get('full')).toBe('true');
    await user.click(screen.getByTestId('personnel-export'));
    await user.click(await screen.findByText('导出（隐藏证件号和手机号）'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    expect(exports()[1]!.query.has('full')).toBe(false);
    vi.restoreAllMocks();
  });
});
