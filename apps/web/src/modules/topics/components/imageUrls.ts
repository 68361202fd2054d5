import { getHttpConfig } from '../../../lib/http';

/** A stored file's address as the browser loads it; `thumbnail`: its small WebP (pictures only). */
export function fileUrl(url: string, thumbnail = false): string {
  const full = /^[a-z]+:/i.test(url) ? url : `${getHttpConfig().baseUrl}${url}`;
  return thumbnail ? `${full}${full.includes('?') ? '&' : '?'}thumbnail=true` : full;
}
