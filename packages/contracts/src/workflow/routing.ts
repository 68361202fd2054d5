import type { EdgeCondition, WorkflowEdge, WorkflowGraph } from './schemas';

/**
 * Where an instance goes next (spec 001 §3 "circulation condition"): the web previews the route a filled
 * form will take and the engine moves the instance, both with this code, so they always agree.
 */

/** The form's values by field key, as submitted (numbers, text, lists of option values, null). */
export type FormValues = Readonly<Record<string, unknown>>;

/** Nothing entered: absent, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Compare as numbers when both read as numbers, else as text; null when the value cannot be compared. */
function compare(left: unknown, right: string | number | boolean): number | null {
  if (isEmptyValue(left)) return null;
  const a = asNumber(left);
  const b = asNumber(right);
  if (a !== null && b !== null) return a === b ? 0 : a < b ? -1 : 1;
  if (typeof left === 'object') return null;
  const textLeft = String(left);
  const textRight = String(right);
  return textLeft === textRight ? 0 : textLeft < textRight ? -1 : 1;
}

function sameValue(left: unknown, right: string | number | boolean): boolean {
  return compare(left, right) === 0;
}

/** Whether one condition holds for the form's values. A value that is not there never satisfies a comparison. */
export function conditionHolds(condition: EdgeCondition, values: FormValues): boolean {
  const value = values[condition.field];
  switch (condition.op) {
    case 'empty':
      return isEmptyValue(value);
    case 'notEmpty':
      return !isEmptyValue(value);
    case 'in':
    case 'notIn': {
      const entered = Array.isArray(value) ? value : isEmptyValue(value) ? [] : [value];
      const any = entered.some((item) => condition.values.some((option) => sameValue(item, option)));
      return condition.op === 'in' ? any : !any;
    }
    case 'between': {
      const amount = asNumber(value);
      if (amount === null) return false;
      return (
        (condition.min === null || amount >= condition.min) &&
        (condition.max === null || amount <= condition.max)
      );
    }
    case 'ne':
      // "not equal" of nothing entered is true: the field is not that value.
      return isEmptyValue(value) || !sameValue(value, condition.value);
    default: {
      const order = compare(value, condition.value);
      if (order === null) return false;
      if (condition.op === 'eq') return order === 0;
      if (condition.op === 'gt') return order > 0;
      if (condition.op === 'gte') return order >= 0;
      if (condition.op === 'lt') return order < 0;
      return order <= 0;
    }
  }
}

/**
 * The edge an instance leaves `nodeId` by: the only edge, or the first branch (ascending priority) whose
 * conditions all hold, or the default branch. Undefined for the end node (and for a graph the structure
 * check would refuse).
 */
export function chooseEdge(
  graph: WorkflowGraph,
  nodeId: string,
  values: FormValues,
): WorkflowEdge | undefined {
  const outs = graph.edges.filter((edge) => edge.from === nodeId);
  if (outs.length <= 1) return outs[0];
  const branches = outs.filter((edge) => !edge.isDefault).sort((a, b) => a.priority - b.priority);
  for (const edge of branches) {
    if (edge.conditions.every((condition) => conditionHolds(condition, values))) return edge;
  }
  return outs.find((edge) => edge.isDefault);
}

/**
 * The nodes an instance with these values passes, start to end, in order (the chart's highlighted route
 * and the "approvers" column of the form list). Stops early if the graph has no way on.
 */
export function routeThrough(graph: WorkflowGraph, values: FormValues): string[] {
  const start = graph.nodes.find((node) => node.kind === 'start');
  if (!start) return [];
  const route = [start.id];
  const seen = new Set(route);
  let current = start.id;
  for (;;) {
    const edge = chooseEdge(graph, current, values);
    if (!edge || seen.has(edge.to)) return route;
    route.push(edge.to);
    seen.add(edge.to);
    current = edge.to;
  }
}
