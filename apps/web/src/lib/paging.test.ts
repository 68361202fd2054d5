import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchListPage, forgetListCursors } from './paging';

/** Answers every list request with `rows` and a cursor naming the page's last skip; counts with 100. */
function fakeApi(options: { badCursor?: boolean } = {}) {
  const asked: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.searchParams.get('only_count')) return Response.json({ count: 100 });
    asked.push(url.searchParams);
    if (options.badCursor && url.searchParams.get('after')) {
      return Response.json({ code: 400, key: 'common.badCursor', message: 'bad' }, { status: 400 });
    }
    const n = asked.length;
    return Response.json([{ n }], { headers: { [NEXT_CURSOR_HEADER]: `cursor-${n}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

beforeEach(() => forgetListCursors());
afterEach(() => vi.unstubAllGlobals());

describe('fetchListPage', () => {
  it('pages on with the cursor the previous page answered; a jump or another filter goes by skip', async () => {
    const asked = fakeApi();
    const size = { pageSize: 20 };
    await fetchListPage('topic-service/projects/p/topics', { order: '-createdAt' }, { page: 1, ...size });
    await fetchListPage('topic-service/projects/p/topics', { order: '-createdAt' }, { page: 2, ...size });
    await fetchListPage('topic-service/projects/p/topics', { order: '-createdAt' }, { page: 5, ...size });
    await fetchListPage('topic-service/projects/p/topics', { order: '-createdAt' }, { page: 6, ...size });
    await fetchListPage('topic-service/projects/p/topics', { order: 'name' }, { page: 2, ...size });
    const paging = asked.map((q) => [q.get('skip'), q.get('after'), q.get('limit')]);
    expect(paging).toEqual([
      ['0', null, '20'],
      [null, 'cursor-1', '20'],
      ['80', null, '20'],
      [null, 'cursor-3', '20'],
      ['20', null, '20'],
    ]);
    expect(asked[1]!.get('order')).toBe('-createdAt');
  });

  it('falls back to skip when the server refuses a cursor', async () => {
    const asked = fakeApi({ badCursor: true });
    await fetchListPage('x', {}, { page: 1, pageSize: 10 });
    const page = await fetchListPage('x', {}, { page: 2, pageSize: 10 });
    expect(page.total).toBe(100);
    expect(asked.map((q) => [q.get('skip'), q.get('after')])).toEqual([
      ['0', null],
      [null, 'cursor-1'],
      ['10', null],
    ]);
  });
});
