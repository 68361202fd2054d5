import {
  CONTACT_SHEET_BOXES,
  CONTACT_SHEET_TYPES,
  type ContactSheetBox,
  type ContactSheetType,
} from '@lintel/contracts/contactsheets';
import type { SheetFilter } from './api';

/** The list's state lives in its address (shareable, kept by Back): box, type, unread, q, page, size. */
export interface ListState extends SheetFilter {
  page: number;
  pageSize: number;
}

const PAGE_SIZES = [10, 20, 50, 100];

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function readListState(params: URLSearchParams): ListState {
  const box = params.get('box');
  const type = params.get('type');
  const size = positive(params.get('size'), 20);
  return {
    box: CONTACT_SHEET_BOXES.includes(box as ContactSheetBox) ? (box as ContactSheetBox) : 'received',
    type: CONTACT_SHEET_TYPES.includes(type as ContactSheetType) ? (type as ContactSheetType) : null,
    unreadOnly: params.get('unread') === '1',
    keyword: (params.get('q') ?? '').slice(0, 64),
    page: positive(params.get('page'), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : 20,
  };
}

/** The address' query for a state; defaults are left out. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.box !== 'received') params.set('box', state.box);
  if (state.type) params.set('type', state.type);
  if (state.unreadOnly) params.set('unread', '1');
  if (state.keyword) params.set('q', state.keyword);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== 20) params.set('size', String(state.pageSize));
  return params;
}
