import {
  ANNOUNCEMENT_ALLOWED_ATTRIBUTES,
  ANNOUNCEMENT_ALLOWED_TAGS,
  ANNOUNCEMENT_LINK_SCHEMES,
} from '@lintel/contracts/announcements';
import sanitizeHtml from 'sanitize-html';

/** Elements dropped with everything inside them (not only their tags): code, styles and embedded documents. */
const DROPPED_WHOLE = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'iframe',
  'object',
  'svg',
  'math',
  'xmp',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ANNOUNCEMENT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ANNOUNCEMENT_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...ANNOUNCEMENT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WHOLE,
  transformTags: {
    // Every link opens apart from the app and tells the target nothing about where it came from.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
    ol: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.start && /^\d{1,6}$/.test(attribs.start)) kept.start = attribs.start;
      return { tagName, attribs: kept };
    },
  },
};

/**
 * An announcement's rich text, reduced to the formatting whitelist of the contracts
 * (ANNOUNCEMENT_ALLOWED_TAGS): other elements lose their tags (scripts, styles and frames their content
 * too), attributes outside the list go, links keep only http, https and mailto targets.
 */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
