// Pure helpers over ModelElementsRef lists ({ modelId, globalIds }): the engine's selection, hidden and
// isolated sets are kept in this form because GlobalIds stay valid across versions and reloads.
import type { ModelElementsRef } from '@lintel/contracts/models';

/** One ref per model, GlobalIds without duplicates, models without elements left out. */
export function normalizeRefs(refs: readonly ModelElementsRef[]): ModelElementsRef[] {
  const byModel = new Map<string, Set<string>>();
  for (const ref of refs) {
    let ids = byModel.get(ref.modelId);
    if (!ids) {
      ids = new Set();
      byModel.set(ref.modelId, ids);
    }
    for (const id of ref.globalIds) ids.add(id);
  }
  return [...byModel]
    .filter(([, ids]) => ids.size > 0)
    .map(([modelId, ids]) => ({ modelId, globalIds: [...ids] }));
}

export function addRefs(base: readonly ModelElementsRef[], extra: readonly ModelElementsRef[]) {
  return normalizeRefs([...base, ...extra]);
}

export function removeRefs(base: readonly ModelElementsRef[], removed: readonly ModelElementsRef[]) {
  const gone = new Map(removed.map((ref) => [ref.modelId, new Set(ref.globalIds)]));
  return normalizeRefs(
    base.map((ref) => ({
      modelId: ref.modelId,
      globalIds: ref.globalIds.filter((id) => !gone.get(ref.modelId)?.has(id)),
    })),
  );
}

/** The refs of one model only (other models' refs dropped). */
export function refsOfModel(refs: readonly ModelElementsRef[], modelId: string): ModelElementsRef[] {
  return refs.filter((ref) => ref.modelId === modelId);
}

export function withoutModel(refs: readonly ModelElementsRef[], modelId: string): ModelElementsRef[] {
  return refs.filter((ref) => ref.modelId !== modelId);
}

export function countRefs(refs: readonly ModelElementsRef[]): number {
  return refs.reduce((sum, ref) => sum + ref.globalIds.length, 0);
}

/** Whether a selection toggle (Ctrl/Shift click) should remove the element rather than add it. */
export function containsElement(refs: readonly ModelElementsRef[], modelId: string, globalId: string) {
  return refs.some((ref) => ref.modelId === modelId && ref.globalIds.includes(globalId));
}

export function sameRefs(a: readonly ModelElementsRef[], b: readonly ModelElementsRef[]): boolean {
  const left = normalizeRefs(a);
  const right = normalizeRefs(b);
  if (left.length !== right.length) return false;
  return left.every((ref) => {
    const other = right.find((item) => item.modelId === ref.modelId);
    if (!other || other.globalIds.length !== ref.globalIds.length) return false;
    const ids = new Set(other.globalIds);
    return ref.globalIds.every((id) => ids.has(id));
  });
}

/** `modelId` for a model's current version, `modelId@versionId` for another version loaded beside it. */
export function fragmentsKeyOf(modelId: string, versionId: string | null): string {
  return versionId ? `${modelId}@${versionId}` : modelId;
}
