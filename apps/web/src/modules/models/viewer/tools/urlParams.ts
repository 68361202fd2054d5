// The viewer URL parameters the tools read (web-common.md): `viewport=<id>`, `selectionSet=<id>` and
// `compare=<modelId>:<fromVersionId>:<toVersionId>`. Malformed values are ignored (null), never thrown:
// a hand-edited link must still open the viewer.
import { ID_PATTERN } from '@lintel/contracts/common';

export const VIEWPORT_PARAM = 'viewport';
export const SELECTION_SET_PARAM = 'selectionSet';
export const COMPARE_PARAM = 'compare';

export interface CompareTarget {
  modelId: string;
  fromVersionId: string;
  toVersionId: string;
}

/** An id parameter when it is a well-formed record id, else null. */
export function readIdParam(search: URLSearchParams, name: string): string | null {
  const value = search.get(name)?.trim() ?? '';
  return ID_PATTERN.test(value) ? value : null;
}

export function parseCompareParam(value: string | null | undefined): CompareTarget | null {
  const parts = (value ?? '').trim().split(':');
  if (parts.length !== 3) return null;
  const [modelId, fromVersionId, toVersionId] = parts as [string, string, string];
  if (![modelId, fromVersionId, toVersionId].every((id) => ID_PATTERN.test(id))) return null;
  if (fromVersionId === toVersionId) return null;
  return { modelId, fromVersionId, toVersionId };
}

export function formatCompareParam(target: CompareTarget): string {
  return `${target.modelId}:${target.fromVersionId}:${target.toVersionId}`;
}

/** A copy of the parameters with one set (a string) or removed (null). */
export function withParam(search: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}
