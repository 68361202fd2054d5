import type { Translate } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';

export { planLabel } from '../../../lib/enterprisePlan';

export type QuotaKind = 'accounts' | 'projects' | 'storage';

/** A quota or a usage figure as text: storage in bytes units, null as "unlimited". */
export function quotaText(kind: QuotaKind, value: number | null, t: Translate): string {
  if (value === null) return t('systemEnterprises:unlimited');
  return kind === 'storage' ? formatBytes(value) : value.toLocaleString();
}

/** Percent used, 0–100 (0 when unlimited). */
export function usedPercent(used: number, quota: number | null): number {
  if (quota === null || quota <= 0) return 0;
  return Math.min(100, Math.round((used / quota) * 1000) / 10);
}
