import { ANNOUNCEMENT_ALLOWED_ATTRIBUTES, ANNOUNCEMENT_ALLOWED_TAGS } from '@lintel/contracts/announcements';
import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef } from 'react';

const ALLOWED_ATTR = [...new Set(Object.values(ANNOUNCEMENT_ALLOWED_ATTRIBUTES).flat())];
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * An announcement's content as DOM nodes, through DOMPurify (DESIGN.md §4) with the server's whitelist; links
 * open apart from the app and never carry a script. The server sanitised it already: we do not rely on that.
 */
export function sanitizeForDisplay(html: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ANNOUNCEMENT_ALLOWED_TAGS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) link.removeAttribute('href');
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  return fragment;
}

/** Rich text shown read-only: the sanitised nodes are put in place, never an HTML string. */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    holder.current?.replaceChildren(sanitizeForDisplay(html));
  }, [html]);
  return <div ref={holder} className="announcement-content" data-testid={testId} />;
}
