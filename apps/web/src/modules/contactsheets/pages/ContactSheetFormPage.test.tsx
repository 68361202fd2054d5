import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  makeSheet,
  OTHER,
  PROJECT_ID,
  RECEIVER,
  renderContactSheets,
  requestsTo,
  resetState,
  SENDER,
  SHEET_ID,
  serveContactSheets,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveContactSheets, resetState);
const S = 'worksheet-service';
const NEW = `/projects/${PROJECT_ID}/contactsheets/new`;

type User = ReturnType<typeof renderContactSheets>['user'];

/** Picks an option of an antd Select by its text. */
async function pick(field: HTMLElement, text: string, user: User) {
  await user.click(within(field).getByRole('combobox'));
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  await user.click(options[options.length - 1]!);
}

/** The form item (label, field and its messages) around a field. */
const itemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

describe('writing a contact sheet', { timeout: 90_000 }, () => {
  it('previews the next number and the default unit; refuses cc overlapping the receivers and control characters', async () => {
    const { user } = renderContactSheets(NEW);
    const preview = await screen.findByTestId('sheet-number-preview');
    await waitFor(() => expect(preview).toHaveTextContent('下一个编号：LXD-2026-0007'));
    await user.click(screen.getByTestId('sheet-submit'));
    expect(await screen.findByText('请输入主题')).toBeInTheDocument();
    expect(await screen.findByText('请选择接收人')).toBeInTheDocument();
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();

    // What a file name cannot hold is a fine subject ("3/F", "1:100"); control characters are not.
    fireEvent.change(screen.getByTestId('sheet-title-input'), { target: { value: '3/F 钢筋绑扎 1:100?' } });
    await waitFor(() =>
      expect(within(itemOf('sheet-title-input')).queryByText(/控制字符/)).not.toBeInTheDocument(),
    );
    fireEvent.change(screen.getByTestId('sheet-title-input'), { target: { value: '钢筋\t绑扎' } });
    expect(
      await within(itemOf('sheet-title-input')).findByText('主题不能包含制表符、换行等控制字符'),
    ).toBeInTheDocument();
    // An empty sending unit stands for the member's department, said in the field.
    expect(screen.getByTestId('sheet-unit-input')).toHaveAttribute('placeholder', '留空时使用「工程部」');

    // Cc first, then the same person as a receiver: the cc field says it cannot be.
    await pick(screen.getByTestId('sheet-cc-input'), '李四（lisi）', user);
    await pick(screen.getByTestId('sheet-receivers-input'), '李四（lisi）', user);
    expect(await within(itemOf('sheet-cc-input')).findByText('抄送人不能同时是接收人')).toBeInTheDocument();
    await user.click(screen.getByTestId('sheet-submit'));
    await new Promise((r) => setTimeout(r, 100));
    expect(requestsTo(api, 'POST', `${S}/contactsheets`)).toHaveLength(0);
  });

  it('sends it; a server refusal shows at its field; then it opens the sent sheet', async () => {
    const { user, location } = renderContactSheets(NEW);
    await screen.findByTestId('sheet-number-preview');
    await pick(screen.getByTestId('sheet-type-input'), '通知单', user);
    expect(await screen.findByText('下一个编号：TZD-2026-0007（发送时确定）')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('sheet-title-input'), { target: { value: '关于塔吊检修的通知' } });
    await pick(screen.getByTestId('sheet-receivers-input'), '张三（zhangsan）', user);
    await pick(screen.getByTestId('sheet-cc-input'), '李四（lisi）', user);
    fireEvent.change(screen.getByTestId('sheet-content-input'), { target: { value: '周五停止吊装作业。' } });
    await user.click(screen.getByTestId('sheet-reply-needed-input'));

    state.refuse[`POST ${S}/contactsheets`] = {
      status: 400,
      json: {
        code: 400,
        key: 'common.validation',
        message: '接收人必须是项目成员',
        details: [
          { path: 'body.receivers.0', key: 'contactsheets.notMember', message: '接收人必须是项目成员' },
        ],
      },
    };
    await user.click(screen.getByTestId('sheet-submit'));
    expect(
      await within(itemOf('sheet-receivers-input')).findByText('接收人必须是项目成员'),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('sheet-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${S}/contactsheets`)).toHaveLength(2));
    expect(requestsTo(api, 'POST', `${S}/contactsheets`)[1]!.body).toEqual({
      projectId: PROJECT_ID,
      type: 'notice',
      title: '关于塔吊检修的通知',
      content: '周五停止吊装作业。',
      receivers: [RECEIVER._id],
      cc: [OTHER._id],
      senderUnit: null,
      replyNeeded: true,
      replyDeadline: null,
      attachments: [],
    });
    await waitFor(() =>
      expect(location.pathname).toBe(`/projects/${PROJECT_ID}/contactsheets/66d000000000000000000599`),
    );
    expect(await screen.findByTestId('sheet-title')).toHaveTextContent('关于塔吊检修的通知');
  });

  it('leaving with unsaved changes asks first', async () => {
    const { user, location } = renderContactSheets(NEW, SENDER);
    await screen.findByTestId('sheet-number-preview');
    fireEvent.change(screen.getByTestId('sheet-title-input'), { target: { value: '草稿' } });
    await user.click(screen.getByTestId('sheet-cancel'));
    await user.click(await screen.findByTestId('unsaved-stay'));
    expect(location.pathname).toBe(NEW);
    await user.click(screen.getByTestId('sheet-cancel'));
    await user.click(await screen.findByTestId('unsaved-leave'));
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/contactsheets`));
  });

  it('edits a recalled sheet, filled in, and sends it again with its number', async () => {
    state.sheets = [
      makeSheet({ status: 'recalled', recalledAt: '2026-03-02T09:00:00.000Z', canRecall: false }),
    ];
    const { user, location } = renderContactSheets(`/projects/${PROJECT_ID}/contactsheets/${SHEET_ID}/edit`);
    const title = await screen.findByTestId('sheet-title-input');
    expect(title).toHaveValue('关于三层梁柱节点钢筋绑扎的工作联系单');
    expect(screen.getByTestId('sheet-number-preview')).toHaveTextContent('编号：LXD-2026-0006');
    expect(screen.getByTestId('sheet-content-input')).toHaveValue('请于周五前完成整改。\n第二行说明。');
    fireEvent.change(title, { target: { value: '关于三层梁柱节点钢筋绑扎的补充联系单' } });
    await user.click(screen.getByTestId('sheet-resend'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `${S}/contactsheets/${SHEET_ID}`)).toHaveLength(1));
    const put = requestsTo(api, 'PUT', `${S}/contactsheets/${SHEET_ID}`)[0]!;
    expect(put.query.get('resend')).toBe('true');
    expect(put.body).toMatchObject({
      title: '关于三层梁柱节点钢筋绑扎的补充联系单',
      receivers: [RECEIVER._id],
      cc: [OTHER._id],
      senderUnit: '总承包项目部',
      replyNeeded: true,
      replyDeadline: '2026-03-06',
      attachments: [],
    });
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/contactsheets/${SHEET_ID}`));
  });
});
