import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * Where a sheet, or one person on it, stands. The list's reply column and the detail's people use the same
 * states, so a state has one colour everywhere (issue 16): done is success green, waiting on someone is
 * warning orange, the rest neutral. antd's status colours, as the topics module's state tag uses them.
 */
export type SheetState = 'replied' | 'awaitingReply' | 'unread' | 'read' | 'recalled';

export const SHEET_STATE_COLORS: Record<SheetState, string> = {
  replied: 'success',
  awaitingReply: 'warning',
  unread: 'warning',
  read: 'default',
  recalled: 'default',
};

/** A state's tag: the colour comes from the state; the words from the caller (a sheet's or a person's). */
export function SheetStateTag({
  state,
  children,
  testId,
}: {
  state: SheetState;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tag color={SHEET_STATE_COLORS[state]} data-state={state} data-testid={testId}>
      {children}
    </Tag>
  );
}
