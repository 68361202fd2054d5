const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size as people read it: 812 B, 256 KB, 1.5 MB (powers of 1024, at most one decimal). */
export function formatSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
