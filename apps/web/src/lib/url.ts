/**
 * URLs that come from configuration (logo, client downloads) are only used when they are web addresses
 * (http/https) or same-origin paths, so a stored `javascript:` URL can never run.
 */
export function safeUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
