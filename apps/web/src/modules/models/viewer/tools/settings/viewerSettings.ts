// The viewer's personal settings (background, navigation and walking speed, units and precision of the
// measures), kept in this browser's localStorage. Anything unreadable or out of range falls back to the
// default, so a stale or hand-edited entry can never break the viewer.

export const LENGTH_UNITS = ['m', 'cm', 'mm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export interface ViewerSettings {
  /** The canvas background, #rrggbb. */
  background: string;
  /** Orbit / pan / zoom speed, a factor of camera-controls' defaults. */
  navigationSpeed: number;
  /** First-person walking speed in metres per second. */
  walkSpeed: number;
  lengthUnit: LengthUnit;
  /** Decimals of the measures. */
  precision: number;
}

export const SETTINGS_STORAGE_KEY = 'lintel.modelViewer.settings';
export const NAVIGATION_SPEED_RANGE = { min: 0.25, max: 4 } as const;
export const WALK_SPEED_RANGE = { min: 0.5, max: 20 } as const;
export const PRECISION_RANGE = { min: 0, max: 4 } as const;
export const BACKGROUND_PRESETS = ['#eef1f5', '#ffffff', '#d9dde3', '#202430', '#000000'] as const;

export const DEFAULT_SETTINGS: Readonly<ViewerSettings> = {
  background: '#eef1f5',
  navigationSpeed: 1,
  walkSpeed: 3,
  lengthUnit: 'm',
  precision: 2,
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function inRange(value: unknown, range: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max
    ? value
    : fallback;
}

/** Settings from any stored value (JSON text or null), each field checked on its own. */
export function parseSettings(stored: string | null): ViewerSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  return {
    background:
      typeof raw.background === 'string' && HEX_COLOR.test(raw.background)
        ? raw.background.toLowerCase()
        : DEFAULT_SETTINGS.background,
    navigationSpeed: inRange(raw.navigationSpeed, NAVIGATION_SPEED_RANGE, DEFAULT_SETTINGS.navigationSpeed),
    walkSpeed: inRange(raw.walkSpeed, WALK_SPEED_RANGE, DEFAULT_SETTINGS.walkSpeed),
    lengthUnit: LENGTH_UNITS.includes(raw.lengthUnit as LengthUnit)
      ? (raw.lengthUnit as LengthUnit)
      : DEFAULT_SETTINGS.lengthUnit,
    precision: Number.isInteger(raw.precision)
      ? inRange(raw.precision, PRECISION_RANGE, DEFAULT_SETTINGS.precision)
      : DEFAULT_SETTINGS.precision,
  };
}

export function loadSettings(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ViewerSettings {
  try {
    return parseSettings(storage?.getItem(SETTINGS_STORAGE_KEY) ?? null);
  } catch {
    // Storage can be blocked (private mode, policies): the defaults serve.
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(
  settings: ViewerSettings,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Not persisted this time; the settings still apply to the open viewer.
  }
}

/** The walking speed one step faster or slower (the +/- keys): ×1.25 per step, within the range. */
export function stepWalkSpeed(speed: number, direction: 1 | -1): number {
  const next = direction > 0 ? speed * 1.25 : speed / 1.25;
  return Math.round(Math.min(WALK_SPEED_RANGE.max, Math.max(WALK_SPEED_RANGE.min, next)) * 100) / 100;
}
