import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { fakeApiForFile } from '../../../test/project';
import {
  FILE_ID,
  makeAnnouncement,
  OTHER,
  PROJECT_ID,
  RECEIVER,
  renderAnnouncements,
  requestsTo,
  resetState,
  SENDER,
  serveAnnouncements,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveAnnouncements, resetState);
const S = 'announcement-service';
const ID = '66c000000000000000000501';
const DETAIL = `/projects/${PROJECT_ID}/announcements/${ID}`;

describe('one announcement', { timeout: 60_000 }, () => {
  it('a receiver opens it: it is marked read once, the content shows safely, attachments can be had', async () => {
    state.role = 'member';
    state.rights = { create: false, delete: false };
    state.received = [
      makeAnnouncement({
        content:
          '<h2>检修安排</h2><p>周五<strong>停止</strong>吊装。</p><img src=x onerror="window.__hacked=1">' +
          '<script>window.__hacked=1</script><p><a href="javascript:alert(1)">坏链接</a> ' +
          '<a href="https://lintel.example/plan">计划</a></p>',
        attachments: [
          {
            _id: FILE_ID,
            name: '现场照片.png',
            size: 2048,
            contentType: 'image/png',
            url: `/api/v1/base-service/files/${FILE_ID}`,
          },
        ],
        attachmentCount: 1,
      }),
    ];
    renderAnnouncements(DETAIL, RECEIVER);
    expect(await screen.findByTestId('announcement-title')).toHaveTextContent('安全生产通知');
    expect(screen.getByTestId('announcement-meta')).toHaveTextContent('演示用户 发布于');
    const content = screen.getByTestId('announcement-content');
    expect(within(content).getByRole('heading', { level: 2 })).toHaveTextContent('检修安排');
    expect(content.querySelector('strong')).toHaveTextContent('停止');
    expect(content.querySelector('img, script')).toBeNull();
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
    const links = content.querySelectorAll('a');
    expect(links[0]!.getAttribute('href')).toBeNull();
    expect(links[1]).toHaveAttribute('href', 'https://lintel.example/plan');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[1]).toHaveAttribute('target', '_blank');
    const attachments = screen.getByTestId('attachment-list');
    expect(attachments).toHaveTextContent('现场照片.png');
    expect(attachments).toHaveTextContent('2 KB');
    expect(within(attachments).getByRole('link', { name: '下载 现场照片.png' })).toHaveAttribute(
      'href',
      `${api.baseUrl}/api/v1/base-service/files/${FILE_ID}`,
    );
    // Opening marks it read, once.
    await waitFor(() =>
      expect(requestsTo(api, 'PUT', `${S}/announcements/${ID}`).map((r) => r.query.get('read'))).toEqual([
        'true',
      ]),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(requestsTo(api, 'PUT', `${S}/announcements/${ID}`)).toHaveLength(1);
    // Receivers see no one's read state, and without rights no buttons.
    expect(screen.queryByTestId('announcement-receivers')).not.toBeInTheDocument();
    expect(screen.queryByTestId(`announcement-actions-${ID}`)).not.toBeInTheDocument();
  });

  it('the sender sees who read it, and is not marked as a reader', async () => {
    state.sent = [
      makeAnnouncement({
        type: 'send',
        read: true,
        unRead: false,
        readCount: 1,
        receiverStates: [
          {
            user: { _id: RECEIVER._id, name: 'zhangsan', nickName: '张三', avatar: '' },
            read: true,
            readAt: '2026-03-02T09:00:00.000Z',
          },
          { user: { _id: OTHER._id, name: 'lisi', nickName: '李四', avatar: '' }, read: false, readAt: null },
        ],
        departmentList: [],
      }),
    ];
    renderAnnouncements(DETAIL, SENDER);
    const receivers = await screen.findByTestId('announcement-receivers');
    expect(screen.getByTestId('announcement-read-summary')).toHaveTextContent('1 人已读，1 人未读');
    expect(within(receivers).getByTestId(`announcement-receiver-${RECEIVER._id}`)).toHaveTextContent('已读');
    expect(within(receivers).getByTestId(`announcement-receiver-${OTHER._id}`)).toHaveTextContent('未读');
    await new Promise((r) => setTimeout(r, 200));
    expect(requestsTo(api, 'PUT', `${S}/announcements/${ID}`)).toHaveLength(0);
  });

  it('deleting it (after confirming) goes back to the sent list', async () => {
    state.sent = [makeAnnouncement({ type: 'send', read: true, unRead: false })];
    const { user, location } = renderAnnouncements(DETAIL, SENDER);
    await user.click(await screen.findByTestId(`announcement-delete-${ID}`));
    expect(await screen.findByText('所有接收人都将看不到该公告，且无法恢复。')).toBeInTheDocument();
    await user.click(screen.getByTestId(`announcement-delete-ok-${ID}`));
    await waitFor(() => expect(location.pathname).toBe(`/projects/${PROJECT_ID}/announcements/sent`));
    expect(requestsTo(api, 'DELETE', `${S}/announcements/${ID}`)).toHaveLength(1);
  });

  it('a recalled one says so; a missing one says it does not exist', async () => {
    state.refuse[`GET ${S}/announcements/${ID}`] = {
      status: 404,
      json: { code: 404, key: 'announcements.recalled', message: '该公告已被发送人撤回' },
    };
    renderAnnouncements(DETAIL, RECEIVER);
    expect(await screen.findByTestId('announcement-recalled')).toHaveTextContent('该公告已被发送人撤回');
  });

  it('a missing one, in English', async () => {
    await changeLanguage('en-US');
    renderAnnouncements(DETAIL, RECEIVER);
    expect(await screen.findByTestId('announcement-not-found')).toHaveTextContent(
      'This announcement does not exist or was deleted',
    );
    expect(screen.getByTestId('announcement-back')).toHaveTextContent('Back to the announcements');
  });
});
