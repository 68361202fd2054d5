import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  DEPARTMENT_ID,
  FILE_ID,
  OTHER,
  PROJECT_ID,
  RECEIVER,
  renderAnnouncements,
  requestsTo,
  resetState,
  serveAnnouncements,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveAnnouncements, resetState);
const S = 'announcement-service';
const NEW = `/projects/${PROJECT_ID}/announcements/new`;

/**
 * ProseMirror measures the selection to scroll it into view; jsdom has no layout, so ranges and the
 * document answer empty rectangles here.
 */
function stubLayout(): void {
  const empty = () => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    width: 0,
    height: 0,
    toJSON: () => ({}),
  });
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= empty as () => DOMRect;
  Range.prototype.getClientRects ??= rects;
  const text = Text.prototype as Text & { getClientRects?: () => DOMRectList };
  text.getClientRects ??= rects;
  document.elementFromPoint ??= () => null;
}

beforeAll(stubLayout);

/** Picks an option of an antd Select or TreeSelect by its text. */
async function pick(field: HTMLElement, text: string, user: ReturnType<typeof renderAnnouncements>['user']) {
  await user.click(within(field).getByRole('combobox'));
  const options = await screen.findAllByText(text, {
    selector: '.ant-select-item-option-content, .ant-select-tree-title',
  });
  await user.click(options[options.length - 1]!);
}

describe('publishing an announcement', { timeout: 90_000 }, () => {
  it('without the create right: says so, with the way back', async () => {
    state.rights = { create: 'false', delete: false };
    renderAnnouncements(NEW, RECEIVER);
    expect(await screen.findByTestId('announcement-no-right')).toHaveTextContent(
      '您没有在该项目发布公告的权限',
    );
  });

  it('explains what is missing, in the form', async () => {
    const { user } = renderAnnouncements(NEW);
    await screen.findByTestId('announcement-editor');
    await user.click(screen.getByTestId('receivers-chosen'));
    await user.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('请输入公告标题')).toBeInTheDocument();
    expect(await screen.findByText('请选择接收人')).toBeInTheDocument();
    expect(await screen.findByText('请输入公告内容')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${S}/announcements`)).toHaveLength(0);
  });

  it('to members and a department, with rich text and an attachment whose upload shows its progress', async () => {
    let release: () => void = () => undefined;
    state.holdUpload = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, location } = renderAnnouncements(NEW);
    const editor = await screen.findByTestId('announcement-editor');
    await user.type(screen.getByTestId('announcement-title-input'), '塔吊检修通知');

    // Receivers: one member and a department (its sub-department's members come along).
    await user.click(screen.getByTestId('receivers-chosen'));
    await pick(screen.getByTestId('receivers-members'), '李四（lisi）', user);
    await pick(screen.getByTestId('receivers-departments'), '工程部', user);
    expect(await screen.findByTestId('receivers-count')).toHaveTextContent('将发送给 2 人');

    // Content: typed, then made bold from the toolbar.
    await user.click(editor);
    await user.keyboard('周五停止吊装作业');
    await waitFor(() => expect(editor).toHaveTextContent('周五停止吊装作业'));
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByTestId('editor-bold'));
    await waitFor(() => expect(editor.querySelector('strong')).toHaveTextContent('周五停止吊装作业'));

    // The attachment: in progress while the server has not answered, then done.
    const input = screen
      .getByTestId('attachments-field')
      .querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'.repeat(4096)], '现场照片.png', { type: 'image/png' }));
    const item = await screen.findByTestId('attachment-item');
    expect(item).toHaveAttribute('data-status', 'uploading');
    expect(within(item).getByRole('progressbar')).toBeInTheDocument();
    // Publishing waits for the upload.
    await user.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('请等待附件上传完成后再发布')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${S}/announcements`)).toHaveLength(0);
    release();
    await waitFor(() => expect(screen.getByTestId('attachment-item')).toHaveAttribute('data-status', 'done'));
    const upload = requestsTo(api, 'POST', 'base-service/files')[0]!;
    expect(upload.query.get('projectId')).toBe(PROJECT_ID);
    expect(String(upload.body)).toContain('filename="现场照片.png"');

    await user.click(screen.getByTestId('announcement-stick-input'));
    await user.click(screen.getByTestId('announcement-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${S}/announcements`)).toHaveLength(1));
    const body = requestsTo(api, 'POST', `${S}/announcements`)[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      projectId: PROJECT_ID,
      title: '塔吊检修通知',
      content: '<p><strong>周五停止吊装作业</strong></p>',
      receivers: [OTHER._id],
      departments: [DEPARTMENT_ID],
      attachments: [FILE_ID],
      stick: true,
    });
    await waitFor(() =>
      expect(location.pathname).toMatch(/^\/projects\/[0-9a-f]{24}\/announcements\/[0-9a-f]{24}$/),
    );
    expect(await screen.findByTestId('announcement-title')).toHaveTextContent('塔吊检修通知');
  });

  it('to everyone; the server refusal is shown; cancelling removes the uploaded file', async () => {
    const { user, location } = renderAnnouncements(NEW);
    const editor = await screen.findByTestId('announcement-editor');
    fireEvent.change(screen.getByTestId('announcement-title-input'), { target: { value: '全员通知' } });
    expect(await screen.findByTestId('receivers-count')).toHaveTextContent('将发送给 2 人');
    await user.click(editor);
    await user.keyboard('大家好');
    await waitFor(() => expect(editor).toHaveTextContent('大家好'));
    state.refuse[`POST ${S}/announcements`] = {
      status: 400,
      json: {
        code: 400,
        key: 'announcements.noReceivers',
        message: '没有可接收的人：所选部门中没有其他成员',
      },
    };
    await user.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('没有可接收的人：所选部门中没有其他成员')).toBeInTheDocument();
    expect((requestsTo(api, 'POST', `${S}/announcements`)[0]!.body as { receivers: unknown }).receivers).toBe(
      'all',
    );

    const input = screen
      .getByTestId('attachments-field')
      .querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], '说明.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByTestId('attachment-item')).toHaveAttribute('data-status', 'done'));
    await user.click(screen.getByTestId('announcement-cancel'));
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/announcements/sent`));
    await waitFor(() => expect(requestsTo(api, 'DELETE', `base-service/files/${FILE_ID}`)).toHaveLength(1));
  });
});
