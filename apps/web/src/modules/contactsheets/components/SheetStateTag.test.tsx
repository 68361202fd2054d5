import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeSheet, OTHER, RECEIVER } from '../testSupport';
import { ReplyState } from './ReplyState';
import { SheetDocument } from './SheetDocument';
import { SHEET_STATE_COLORS, type SheetState } from './SheetStateTag';

const REPLIED_ID = '66d000000000000000000504';
const WAITING_ID = '66d000000000000000000502';
const RECALLED_ID = '66d000000000000000000503';

/** The tag holding a text, checked to be the shared state tag of `state` with that state's colour. */
function expectStateTag(scope: HTMLElement, text: string, state: SheetState) {
  const tag = within(scope).getByText(text).closest('.ant-tag');
  expect(tag).toHaveAttribute('data-state', state);
  return tag as HTMLElement;
}

describe('contact sheet states', () => {
  it('the list’s reply state and the detail’s people give a state the same colour', () => {
    const receiver = makeSheet().participants[0]!;
    const cc = makeSheet().participants[1]!;
    const sheet = makeSheet({
      replyNeeded: true,
      replied: true,
      replyCount: 1,
      participants: [
        { ...receiver, read: true, replied: true },
        { ...cc, read: false },
        { ...cc, user: { ...cc.user, _id: '66d000000000000000000104', nickName: '王五' }, read: true },
      ],
    });
    renderWithProviders(
      <>
        <ReplyState sheet={{ ...sheet, _id: REPLIED_ID }} />
        <ReplyState sheet={{ ...sheet, _id: WAITING_ID, replied: false, replyCount: 0 }} />
        <ReplyState sheet={{ ...sheet, _id: RECALLED_ID, status: 'recalled' }} />
        <SheetDocument sheet={sheet} />
      </>,
    );
    const replied = expectStateTag(screen.getByTestId(`sheet-state-${REPLIED_ID}`), '已回复（1）', 'replied');
    const personReplied = expectStateTag(
      screen.getByTestId(`sheet-person-${RECEIVER._id}`),
      '已回复',
      'replied',
    );
    const waiting = expectStateTag(
      screen.getByTestId(`sheet-state-${WAITING_ID}`),
      '待回复',
      'awaitingReply',
    );
    const unread = expectStateTag(screen.getByTestId(`sheet-person-${OTHER._id}`), '未读', 'unread');
    const read = expectStateTag(screen.getByTestId('sheet-person-66d000000000000000000104'), '已读', 'read');
    const recalled = screen.getByTestId(`sheet-state-${RECALLED_ID}`);
    expect(recalled).toHaveAttribute('data-state', 'recalled');

    // One colour per state, from the one table: green for done, orange for waiting on someone.
    expect(SHEET_STATE_COLORS.replied).toBe('success');
    expect(SHEET_STATE_COLORS.awaitingReply).toBe('warning');
    expect(SHEET_STATE_COLORS.unread).toBe('warning');
    for (const tag of [replied, personReplied]) expect(tag).toHaveClass('ant-tag-success');
    for (const tag of [waiting, unread]) expect(tag).toHaveClass('ant-tag-warning');
    for (const tag of [read, recalled]) {
      expect(tag).not.toHaveClass('ant-tag-success');
      expect(tag).not.toHaveClass('ant-tag-warning');
    }
    expect(replied.className).toBe(personReplied.className);
    expect(waiting.className).toBe(unread.className);
  });
});
