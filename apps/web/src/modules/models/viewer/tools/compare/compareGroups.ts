// The version compare answer grouped for the list beside the viewer and for the colouring.
import type { CompareResult, ElementChange, ElementChangeKind } from '@lintel/contracts/models';
import { VIEWER_COLORS } from '../../engine/colors';

/** The canvas and the list paint a kind alike, in the theme's status colours (engine/colors.ts). */
export const CHANGE_COLORS: Readonly<Record<ElementChangeKind, string>> = {
  added: VIEWER_COLORS.added,
  changed: VIEWER_COLORS.changed,
  removed: VIEWER_COLORS.removed,
};
/** The order of the groups in the list. */
export const CHANGE_ORDER: readonly ElementChangeKind[] = ['added', 'changed', 'removed'];

export interface ChangeGroup {
  kind: ElementChangeKind;
  count: number;
  changes: ElementChange[];
}

/** Changes grouped by kind (in CHANGE_ORDER), each sorted by class then name then GlobalId, filtered. */
export function groupChanges(
  result: Pick<CompareResult, 'changes'>,
  filter: { kinds?: readonly ElementChangeKind[]; text?: string } = {},
): ChangeGroup[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  const kinds = filter.kinds ?? CHANGE_ORDER;
  return CHANGE_ORDER.filter((kind) => kinds.includes(kind)).map((kind) => {
    const changes = result.changes
      .filter((change) => change.kind === kind)
      .filter(
        (change) =>
          text === '' ||
          change.globalId.toLowerCase().includes(text) ||
          change.ifcClass.toLowerCase().includes(text) ||
          (change.name ?? '').toLowerCase().includes(text),
      )
      .sort(
        (a, b) =>
          a.ifcClass.localeCompare(b.ifcClass) ||
          (a.name ?? '').localeCompare(b.name ?? '') ||
          a.globalId.localeCompare(b.globalId),
      );
    return { kind, count: changes.length, changes };
  });
}

/** GlobalIds to colour per kind: added and changed in the `to` version, removed in the `from` one. */
export function globalIdsByKind(result: Pick<CompareResult, 'changes'>): Record<ElementChangeKind, string[]> {
  const out: Record<ElementChangeKind, string[]> = { added: [], changed: [], removed: [] };
  for (const change of result.changes) out[change.kind].push(change.globalId);
  return out;
}

/** What changed in a `changed` element, as locale keys (geometry, properties or both). */
export function changeDetailKeys(change: ElementChange): string[] {
  if (change.kind !== 'changed') return [];
  const keys: string[] = [];
  if (change.geometryChanged) keys.push('compare.geometryChanged');
  if (change.propertiesChanged) keys.push('compare.propertiesChanged');
  return keys;
}
