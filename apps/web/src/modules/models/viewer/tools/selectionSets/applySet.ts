// Showing a selection set in the viewer: its models are opened first when they are not (a set may span
// several models), then its elements are selected, isolated or hidden.
import type { ModelElementsRef } from '@lintel/contracts/models';
import type { ViewerContext } from '../../engine/types';

export type SetAction = 'select' | 'isolate' | 'hide';

/** Opens the models of `items` that are not open; answers the ids that could not be opened. */
export async function openModelsOf(
  viewer: ViewerContext,
  items: readonly ModelElementsRef[],
): Promise<string[]> {
  const open = new Set(viewer.models().map((copy) => copy.modelId));
  const failed: string[] = [];
  await Promise.all(
    [...new Set(items.map((ref) => ref.modelId))]
      .filter((modelId) => !open.has(modelId))
      .map((modelId) => viewer.loadModel(modelId).catch(() => void failed.push(modelId))),
  );
  return failed;
}

export async function applySet(
  viewer: ViewerContext,
  items: readonly ModelElementsRef[],
  action: SetAction,
): Promise<{ failedModelIds: string[] }> {
  const failedModelIds = await openModelsOf(viewer, items);
  const refs = items.filter((ref) => !failedModelIds.includes(ref.modelId));
  if (action === 'select') await viewer.select(refs, { fit: true });
  else if (action === 'isolate') {
    await viewer.isolate(refs);
    await viewer.fit(refs);
  } else await viewer.hide(refs);
  return { failedModelIds };
}
