// Measure values in the reader's units: the engine works in metres (fragments are metric), the list and the
// labels show m / cm / mm, m² / cm² / mm² and degrees with the chosen number of decimals.
import type { LengthUnit } from '../settings/viewerSettings';

export const MEASURE_KINDS = ['length', 'area', 'angle'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

const LENGTH_FACTOR: Record<LengthUnit, number> = { m: 1, cm: 100, mm: 1000 };
const AREA_SUFFIX: Record<LengthUnit, string> = { m: 'm²', cm: 'cm²', mm: 'mm²' };

/** The OBF measurement units matching a length unit (their `units` setting). */
export const OBF_UNITS: Record<LengthUnit, { length: 'm' | 'cm' | 'mm'; area: 'm2' | 'cm2' | 'mm2' }> = {
  m: { length: 'm', area: 'm2' },
  cm: { length: 'cm', area: 'cm2' },
  mm: { length: 'mm', area: 'mm2' },
};

export interface MeasureFormat {
  lengthUnit: LengthUnit;
  precision: number;
}

function fixed(value: number, precision: number): string {
  const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
  const rounded = Number(value.toFixed(digits));
  // -0.00 reads as a mistake.
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(digits);
}

/** `raw`: metres for a length, square metres for an area, radians for an angle. */
export function formatMeasure(kind: MeasureKind, raw: number, format: MeasureFormat): string {
  if (!Number.isFinite(raw)) return '—';
  const factor = LENGTH_FACTOR[format.lengthUnit];
  if (kind === 'length') return `${fixed(raw * factor, format.precision)} ${format.lengthUnit}`;
  if (kind === 'area')
    return `${fixed(raw * factor * factor, format.precision)} ${AREA_SUFFIX[format.lengthUnit]}`;
  return `${fixed((raw * 180) / Math.PI, format.precision)}°`;
}

/** The angle at `vertex` between the rays to `start` and `end`, in radians (0 for a degenerate ray). */
export function angleBetween(
  start: readonly number[],
  vertex: readonly number[],
  end: readonly number[],
): number {
  const a = [0, 1, 2].map((i) => start[i]! - vertex[i]!);
  const b = [0, 1, 2].map((i) => end[i]! - vertex[i]!);
  const la = Math.hypot(a[0]!, a[1]!, a[2]!);
  const lb = Math.hypot(b[0]!, b[1]!, b[2]!);
  if (la === 0 || lb === 0) return 0;
  const cos = (a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!) / (la * lb);
  return Math.acos(Math.min(1, Math.max(-1, cos)));
}
