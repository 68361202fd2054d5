/**
 * The count a list page gives FilterSheet's `results`: the list query's total for the filters as they are now.
 * While the query still shows the previous filters' rows (placeholder data during a refetch) there is no
 * count, so the sheet says "changes apply as you make them" rather than a number that belongs to other filters.
 */
export function liveResults(
  query: { isPlaceholderData: boolean },
  total: number | undefined,
): number | undefined {
  return query.isPlaceholderData ? undefined : total;
}
