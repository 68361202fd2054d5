import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  CREATOR,
  card,
  MEMBER,
  makeResponse,
  makeTopic,
  PROJECT_ID,
  renderTopics,
  requestsTo,
  resetState,
  serveTopics,
  state,
  TOPIC_ID,
} from '../testSupport';

const api = fakeApiForFile(serveTopics, resetState);
const T = 'topic-service';
const DETAIL = `/projects/${PROJECT_ID}/topics/${TOPIC_ID}`;

describe('one problem', { timeout: 90_000 }, () => {
  it('shows the problem, marks it read on opening, and takes a response', async () => {
    state.topics = [
      makeTopic({
        unRead: true,
        readByMe: false,
        abilities: { edit: false, delete: false, close: false, respond: true },
        participantUsers: [card(CREATOR)],
        links: [{ type: 'element', modelId: '66d000000000000000000a01', globalId: '2O2Fr$t4X7Zf8NOew3FLOH' }],
      }),
    ];
    state.responses = [makeResponse()];
    const { user } = renderTopics(DETAIL, MEMBER);
    expect(await screen.findByTestId('topic-title')).toHaveTextContent('#7 地下室外墙渗水');
    expect(screen.getByTestId('topic-state')).toHaveTextContent('处理中');
    expect(screen.getByTestId('topic-priority')).toHaveTextContent('紧急');
    expect(screen.getByTestId('topic-meta-domain')).toHaveTextContent('土建');
    expect(screen.getByTestId('topic-meta-species')).toHaveTextContent('渗漏');
    // The element link opens the viewer on its model with the element selected.
    expect(screen.getByTestId('topic-link-view-in-model')).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/models/viewer?models=66d000000000000000000a01&element=66d000000000000000000a01%3A2O2Fr%24t4X7Zf8NOew3FLOH`,
    );
    expect(screen.getByTestId('topic-meta-subcontract')).toHaveTextContent('未填写');
    expect(screen.getByTestId('topic-meta-mentions')).toHaveTextContent('张三');
    expect(screen.getByTestId('topic-meta-participants')).toHaveTextContent('演示用户');
    expect(screen.getByTestId('topic-meta-deadline')).toHaveTextContent('2026-03-20');
    expect(screen.getByTestId('topic-content')).toHaveTextContent('B2 层东侧外墙多处渗水');
    expect(screen.getByTestId('topic-links')).toHaveTextContent('构件 2O2Fr$t4X7Zf8NOew3FLOH');
    // No rights beyond responding: no close, edit or delete.
    expect(screen.queryByTestId('topic-close')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topic-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topic-delete')).not.toBeInTheDocument();
    await waitFor(() => expect(requestsTo(api, 'PUT', `${T}/topics/${TOPIC_ID}/read`)).toHaveLength(1));

    // The thread's list is there before its responses (a query of its own) arrive.
    const thread = await screen.findByTestId('topic-responses');
    expect(await within(thread).findByTestId('topic-response-66d000000000000000000701')).toHaveTextContent(
      '已安排防水班组明天处理。',
    );
    // Someone else's response cannot be deleted.
    expect(screen.queryByTestId('topic-response-delete-66d000000000000000000701')).not.toBeInTheDocument();

    // An empty response is refused in place.
    await user.click(screen.getByTestId('topic-response-submit'));
    expect(await screen.findByText('请输入回复内容或添加图片')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('topic-response-input'), { target: { value: '明早九点复查' } });
    await user.click(screen.getByTestId('topic-response-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${T}/topics/${TOPIC_ID}/responses`)).toHaveLength(1));
    expect(requestsTo(api, 'POST', `${T}/topics/${TOPIC_ID}/responses`)[0]!.body).toEqual({
      content: '明早九点复查',
      images: [],
    });
    // Newest last.
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread).getAllByRole('listitem')[1]).toHaveTextContent('明早九点复查');
    await waitFor(() => expect(screen.getByTestId('topic-response-input')).toHaveValue(''));
  });

  it('deletes an own response after confirming', async () => {
    state.topics = [makeTopic()];
    state.responses = [makeResponse({ authorId: CREATOR._id, author: card(CREATOR), deletable: true })];
    const { user } = renderTopics(DETAIL);
    await user.click(await screen.findByTestId('topic-response-delete-66d000000000000000000701'));
    await user.click(await screen.findByTestId('topic-response-delete-ok-66d000000000000000000701'));
    await waitFor(() =>
      expect(
        requestsTo(api, 'DELETE', `${T}/topics/${TOPIC_ID}/responses/66d000000000000000000701`),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('还没有回复')).toBeInTheDocument();
    // Opening a problem already read asks for no PUT read.
    expect(requestsTo(api, 'PUT', `${T}/topics/${TOPIC_ID}/read`)).toHaveLength(0);
  });

  it('closes after confirming, and can reopen; follows and unfollows', async () => {
    state.topics = [makeTopic()];
    const { user } = renderTopics(DETAIL);
    await user.click(await screen.findByTestId('topic-close'));
    await user.click(await screen.findByTestId('topic-close-ok'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `${T}/topics/${TOPIC_ID}`)).toHaveLength(1));
    expect(requestsTo(api, 'PUT', `${T}/topics/${TOPIC_ID}`)[0]!.body).toEqual({ status: 'completed' });
    await waitFor(() => expect(screen.getByTestId('topic-state')).toHaveTextContent('已完成'));
    // A completed problem is reopened, not edited.
    expect(screen.queryByTestId('topic-edit')).not.toBeInTheDocument();
    expect(screen.getByTestId('topic-reopen')).toBeInTheDocument();

    expect(screen.getByTestId('topic-follow')).toHaveTextContent('取消关注');
    await user.click(screen.getByTestId('topic-follow'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `${T}/topics/${TOPIC_ID}/unfollow`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('topic-follow')).toHaveTextContent('关注'));
    expect(screen.getByTestId('topic-follow')).not.toHaveTextContent('取消');
  });

  it('a deleted problem says so', async () => {
    renderTopics(DETAIL);
    expect(await screen.findByTestId('topic-not-found')).toHaveTextContent('问题不存在或已被删除');
  });
});
