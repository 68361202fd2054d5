const DATE_PREFIX = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T\s])/;

/**
 * Dates as the product shows them: `YYYY-MM-DD` (spec 000 §9 allows YYYY/MM/DD or YYYY-MM-DD). A value that
 * starts with a calendar date keeps that date (a build date is not moved across midnight by the time zone);
 * other parseable values are formatted in local time; anything else is shown as given.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = DATE_PREFIX.exec(value.trim());
  if (match) {
    const [, year, month, day] = match;
    return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  }
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Storage figures: 1536 → '1.5 KB'; whole numbers without decimals (powers of 1024). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${text} ${BYTE_UNITS[unit]}`;
}
