import type { CategoryCount, PropertySet } from '@lintel/contracts/models';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { fetchElement, fetchElements, MODELS_SERVICE } from '../api';

/** Classes sampled (the most frequent first) and elements read per class. */
const CLASSES_SAMPLED = 12;
const ELEMENTS_PER_CLASS = 2;
/** Requests in flight at once: the sampling must not crowd out the page's other calls. */
const PARALLEL = 4;

/** Property set name → its property names, as found in the sampled elements. */
export type PropertyNames = ReadonlyMap<string, readonly string[]>;

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return results;
}

/** Merges the property sets of several elements into sorted names. */
export function mergePropertyNames(sets: readonly PropertySet[]): PropertyNames {
  const merged = new Map<string, Set<string>>();
  for (const set of sets) {
    const names = merged.get(set.name) ?? new Set<string>();
    for (const property of set.properties) names.add(property.name);
    merged.set(set.name, names);
  }
  return new Map(
    [...merged]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, properties]) => [name, [...properties].sort((a, b) => a.localeCompare(b))]),
  );
}

/**
 * The property set and property names of a model, sampled from a few elements of each of its most frequent
 * IFC classes (the element index holds the sets per element; no endpoint lists them for the whole model).
 */
export function usePropertySuggestions(modelId: string | null) {
  return useQuery({
    queryKey: ['models', 'property-suggestions', modelId],
    enabled: modelId !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<PropertyNames> => {
      const id = modelId!;
      const categories = await http.get<CategoryCount[]>(
        `${MODELS_SERVICE}/models/${encodeURIComponent(id)}/categories`,
        {
          signal,
        },
      );
      const classes = [...categories].sort((a, b) => b.count - a.count).slice(0, CLASSES_SAMPLED);
      const samples = await inBatches(classes, PARALLEL, (category) =>
        fetchElements(
          id,
          { where: JSON.stringify({ ifcClass: category.ifcClass }), limit: ELEMENTS_PER_CLASS },
          signal,
        ),
      );
      const globalIds = samples.flat().map((element) => element.globalId);
      const details = await inBatches(globalIds, PARALLEL, (globalId) =>
        fetchElement(id, globalId, undefined, signal),
      );
      return mergePropertyNames(details.flatMap((detail) => detail.propertySets));
    },
  });
}
