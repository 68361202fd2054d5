import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { fakeApiForFile } from '../../../test/project';
import {
  asReceived,
  card,
  entry,
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
const DETAIL = `/projects/${PROJECT_ID}/contactsheets/${SHEET_ID}`;

describe('one contact sheet', { timeout: 60_000 }, () => {
  it('the sender sees the document and its circulation; a recall after a reply is refused with the reason', async () => {
    state.sheets = [
      makeSheet({
        readCount: 1,
        circulation: [
          entry('send', SENDER, { users: [card(RECEIVER), card(OTHER)] }),
          entry('read', RECEIVER),
          entry('forward', RECEIVER, { users: [card(OTHER)], remark: '请协助' }),
        ],
      }),
    ];
    state.refuse[`POST ${S}/recall/contactsheets/${SHEET_ID}`] = {
      status: 409,
      json: { code: 409, key: 'contactsheets.recallAfterReply', message: '已有接收人回复，不能撤回' },
    };
    const { user } = renderContactSheets(DETAIL, SENDER);
    expect(await screen.findByTestId('sheet-number')).toHaveTextContent('LXD-2026-0006');
    expect(screen.getByTestId('sheet-title')).toHaveTextContent('关于三层梁柱节点钢筋绑扎的工作联系单');
    expect(screen.getByTestId('sheet-content').textContent).toBe('请于周五前完成整改。\n第二行说明。');
    expect(screen.getByTestId('sheet-receivers')).toHaveTextContent('张三');
    expect(screen.getByTestId('sheet-ccs')).toHaveTextContent('李四');
    const timeline = screen.getByTestId('sheet-timeline');
    expect(within(timeline).getByTestId('sheet-entry-send')).toHaveTextContent('演示用户 发送给 张三、李四');
    expect(within(timeline).getByTestId('sheet-entry-read')).toHaveTextContent('张三 已阅读');
    expect(within(timeline).getByTestId('sheet-entry-forward')).toHaveTextContent(
      '张三 转发给 李四备注：请协助',
    );
    expect(screen.getByTestId('sheet-pdf-download')).toHaveAttribute(
      'href',
      `${api.baseUrl}/api/v1/${S}/contactsheets/${SHEET_ID}?download=true`,
    );
    // The sender has nothing to mark read, and no reply button.
    expect(screen.queryByTestId('sheet-reply')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('sheet-recall'));
    expect(await screen.findByText('撤回这份联系单？')).toBeInTheDocument();
    await user.click(screen.getByTestId('sheet-recall-ok'));
    expect(await screen.findByText('已有接收人回复，不能撤回')).toBeInTheDocument();
    expect(screen.queryByTestId('sheet-recalled-note')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(requestsTo(api, 'PUT', `${S}/contactsheets/${SHEET_ID}`)).toHaveLength(0);
  });

  it('a receiver opens it (marked read once) and replies; the reply joins the record', async () => {
    state.sheets = [asReceived(makeSheet())];
    const { user } = renderContactSheets(DETAIL, RECEIVER);
    await screen.findByTestId('sheet-detail');
    await waitFor(() =>
      expect(
        requestsTo(api, 'PUT', `${S}/contactsheets/${SHEET_ID}`).map((r) => r.query.get('read')),
      ).toEqual(['true']),
    );
    expect(await screen.findByTestId('sheet-entry-read')).toHaveTextContent('张三 已阅读');

    await user.click(screen.getByTestId('sheet-reply'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('sheet-reply-submit'));
    expect(await within(dialog).findByText('请输入回复内容')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('sheet-reply-input'), '已安排整改，周四完成。');
    await user.click(within(dialog).getByTestId('sheet-reply-submit'));
    await waitFor(() =>
      expect(requestsTo(api, 'POST', `${S}/contactsheets/${SHEET_ID}/replies`)).toHaveLength(1),
    );
    expect(requestsTo(api, 'POST', `${S}/contactsheets/${SHEET_ID}/replies`)[0]!.body).toEqual({
      content: '已安排整改，周四完成。',
      attachments: [],
    });
    expect(await screen.findByText('回复已发送')).toBeInTheDocument();
    expect(await screen.findByTestId('sheet-entry-reply')).toHaveTextContent(
      '张三 回复已安排整改，周四完成。',
    );
    expect(screen.getByTestId('sheet-replies')).toHaveTextContent('已安排整改，周四完成。');
    expect(requestsTo(api, 'PUT', `${S}/contactsheets/${SHEET_ID}`)).toHaveLength(1);
  });

  it('a deleted sheet says it was deleted', async () => {
    state.deleted.add(SHEET_ID);
    renderContactSheets(DETAIL, RECEIVER);
    expect(await screen.findByTestId('sheet-deleted')).toHaveTextContent('该联系单已被删除');
    expect(screen.getByTestId('sheet-back')).toHaveTextContent('返回联系单列表');
  });

  it('a deleted sheet, in English', async () => {
    await changeLanguage('en-US');
    state.deleted.add(SHEET_ID);
    renderContactSheets(DETAIL, RECEIVER);
    expect(await screen.findByTestId('sheet-deleted')).toHaveTextContent(
      'This contact sheet has been deleted',
    );
    await changeLanguage('zh-CN');
  });
});
