import {
  AndroidOutlined,
  AppleOutlined,
  BlockOutlined,
  BuildOutlined,
  ChromeOutlined,
  DesktopOutlined,
} from '@ant-design/icons';
import type { SystemProfile } from '@lintel/contracts/system';
import type { ReactNode } from 'react';
import { safeUrl } from '../../lib/url';

/** The clients of spec 001 §1, in the order the download page shows them. */
export type ClientKey = keyof SystemProfile['downloads'] | 'web';

export interface ClientEntry {
  key: ClientKey;
  icon: ReactNode;
  /** Has a hint line (spec 001 §1: Android and web). */
  hint: boolean;
}

export const CLIENTS: readonly ClientEntry[] = [
  { key: 'pc', icon: <DesktopOutlined />, hint: false },
  { key: 'revit', icon: <BuildOutlined />, hint: false },
  { key: 'navisworks', icon: <BlockOutlined />, hint: false },
  { key: 'ios', icon: <AppleOutlined />, hint: false },
  { key: 'android', icon: <AndroidOutlined />, hint: true },
  { key: 'web', icon: <ChromeOutlined />, hint: true },
];

/**
 * What the card offers: the web client is the one in use; another client is downloadable when the profile
 * gives it a (safe) URL, and otherwise not offered by this site.
 */
export type ClientAvailability =
  | { kind: 'current' }
  | { kind: 'download'; url: string }
  | { kind: 'unavailable' };

export function clientAvailability(
  key: ClientKey,
  downloads: SystemProfile['downloads'],
): ClientAvailability {
  if (key === 'web') return { kind: 'current' };
  const url = safeUrl(downloads[key]);
  return url ? { kind: 'download', url } : { kind: 'unavailable' };
}
