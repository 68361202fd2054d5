import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  DOMAIN_ID,
  MEMBER,
  makeTopic,
  PROJECT_ID,
  renderTopics,
  requestsTo,
  resetState,
  serveTopics,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveTopics, resetState);
const LIST_API = `topic-service/projects/${PROJECT_ID}/topics`;
const LIST = `/projects/${PROJECT_ID}/topics`;

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

const pages = () => requestsTo(api, 'GET', LIST_API).filter((r) => !r.query.has('only_count'));
const where = (request: { query: URLSearchParams }) => JSON.parse(request.query.get('where') ?? '{}');

describe('problem list', { timeout: 60_000 }, () => {
  it('asks for what the address says, and a changed filter goes into the address and the request', async () => {
    state.topics = [makeTopic()];
    const { location } = renderTopics(`${LIST}?category=mine&priority=urgent&q=渗水&size=50`);
    expect(await screen.findByTestId('topic-row-66d000000000000000000501')).toBeInTheDocument();
    const first = pages()[0]!;
    expect(first.query.get('category')).toBe('mine');
    expect(first.query.get('expand')).toBe('true');
    expect(first.query.get('order')).toBe('-createdAt');
    expect(first.query.get('skip')).toBe('0');
    expect(first.query.get('limit')).toBe('50');
    expect(where(first)).toEqual({ priority: 'urgent', name: { $regex: '渗水' } });
    // Each tab is counted for the same filter, and the unread ones too.
    await waitFor(() =>
      expect(
        requestsTo(api, 'GET', LIST_API)
          .filter((r) => r.query.get('only_count') === 'true')
          .map((r) => `${r.query.get('category')}${r.query.get('unRead') ? '+unread' : ''}`)
          .sort(),
      ).toEqual(expect.arrayContaining(['all', 'all+unread', 'created', 'following', 'mine'])),
    );
    const counts = requestsTo(api, 'GET', LIST_API).filter((r) => r.query.get('only_count') === 'true');
    expect(counts.every((r) => where(r).priority === 'urgent')).toBe(true);
    expect(screen.getByTestId('topics-tab-mine')).toHaveTextContent('1');

    // A status filter: back to page 1, in the address and in `where`.
    api.requests.length = 0;
    fireEvent.mouseDown(within(screen.getByTestId('topics-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('已完成', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('completed'));
    await waitFor(() => expect(pages().some((r) => where(r).status === 'completed')).toBe(true));

    // The keyword waits for the typing to stop, then filters the titles.
    api.requests.length = 0;
    fireEvent.change(screen.getByTestId('topics-filter-keyword'), { target: { value: '外墙' } });
    await waitFor(() => expect(new URLSearchParams(location.search).get('q')).toBe('外墙'));
    await waitFor(() => expect(pages().some((r) => where(r).name?.$regex === '外墙')).toBe(true));
    expect(pages().every((r) => where(r).name?.$regex !== '外')).toBe(true);
  });

  it('marks unread problems, counts them, and shows state, priority, deadline and creator', async () => {
    state.topics = [
      makeTopic({ unRead: true, readByMe: false }),
      makeTopic({
        _id: '66d000000000000000000502',
        number: 8,
        name: '塔吊基础积水',
        priority: 'normal',
        state: 'processingDelayed',
        delay: 'd1to7',
        delayDays: 3,
      }),
    ];
    renderTopics(LIST, MEMBER);
    const unread = await screen.findByTestId('topic-row-66d000000000000000000501');
    expect(within(unread).getByTestId('topic-unread-66d000000000000000000501')).toBeInTheDocument();
    expect(within(unread).getByTestId('topic-open-66d000000000000000000501')).toHaveClass(
      'topic-row__link--unread',
    );
    expect(unread).toHaveTextContent('#7');
    expect(unread).toHaveTextContent('紧急');
    expect(unread).toHaveTextContent('2026-03-20');
    expect(unread).toHaveTextContent('演示用户');
    const late = screen.getByTestId('topic-row-66d000000000000000000502');
    expect(within(late).queryByTestId(/topic-unread/)).not.toBeInTheDocument();
    expect(within(late).getByTestId('topic-state-66d000000000000000000502')).toHaveTextContent('处理延期');
    expect(late).toHaveTextContent('延期 3 天');
    expect(await screen.findByTestId('topics-unread-count')).toHaveTextContent('1');
  });

  it('shows the empty state; without the create right the button stays, disabled, naming whom to ask', async () => {
    state.rights = { create: false, delete: false, export: 'false' };
    state.role = 'member';
    api.on(`GET account-service/projects/${PROJECT_ID}/administrators`, {
      json: [
        { _id: '66a000000000000000000101', name: '张三' },
        { _id: '66a000000000000000000102', name: '李四' },
      ],
    });
    renderTopics(LIST, MEMBER);
    expect(await screen.findByText('暂无问题')).toBeInTheDocument();
    expect(await screen.findByTestId('topics-create')).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('topics-create-missing')).toHaveAccessibleName(
        '你没有「问题」的新建权限，请联系项目管理员 张三、李四',
      ),
    );
    expect(screen.queryByTestId('topics-export')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topics-settings')).not.toBeInTheDocument();
    expect(screen.queryByTestId('topics-unread-count')).not.toBeInTheDocument();
  });

  it('exports the current filter; a refusal is shown', async () => {
    state.topics = [makeTopic()];
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderTopics(`${LIST}?domain=${DOMAIN_ID}&delay=d1to7`);
    await user.click(await screen.findByTestId('topics-export'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = requestsTo(api, 'GET', LIST_API).find((r) => r.query.get('export') === 'true')!;
    expect(exported.query.get('delay')).toBe('d1to7');
    expect(where(exported)).toEqual({ domainId: DOMAIN_ID });
    expect(exported.query.get('lang')).toBe('zh-CN');
    expect(exported.query.has('skip')).toBe(false);
    expect(created).toHaveBeenCalledTimes(1);

    state.refuse[`GET ${LIST_API}`] = {
      status: 400,
      json: { code: 400, key: 'topics.exportTooLarge', message: '导出的问题超过 50000 条，请缩小筛选范围' },
    };
    await user.click(screen.getByTestId('topics-export'));
    expect(await screen.findByText('导出的问题超过 50000 条，请缩小筛选范围')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('on a phone: a card per problem, the filters in a sheet behind a counted button with a live result count, the search in view', async () => {
    setWidth(390);
    state.topics = [makeTopic({ name: '东区地下室二层外墙防水卷材搭接宽度不足且局部空鼓需返工处理' })];
    const { location } = renderTopics(`${LIST}?priority=urgent`);
    const card = await screen.findByTestId('topic-row-66d000000000000000000501');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.querySelector('.list-card__title')).toHaveTextContent('东区地下室二层外墙防水卷材');
    expect(card.querySelector('.list-card__status')).toHaveTextContent('紧急');
    expect(within(card).getByText('创建人')).toBeInTheDocument();

    expect(screen.getByTestId('topics-filter-keyword')).toBeInTheDocument();
    expect(screen.queryByTestId('topics-filter-status')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '筛选（已选 1 项）' }));
    const sheet = await screen.findByRole('dialog');
    // The sheet counts the list's total for the filters as they are, and follows the server's next answer.
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果');
    state.topics = [];
    fireEvent.mouseDown(within(within(sheet).getByTestId('topics-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('已完成', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('status')).toBe('completed'));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 0 条结果'));
    fireEvent.click(within(sheet).getByRole('button', { name: '查看 0 条结果' }));
    expect(await screen.findByRole('button', { name: '筛选（已选 2 项）' })).toBeInTheDocument();
  });
});
