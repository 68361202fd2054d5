import { ANNOUNCEMENT_EXCERPT_LENGTH } from './schemas';

/**
 * The formatting an announcement's content may keep (the rest is removed by the server's sanitiser): text
 * structure and emphasis, lists, quotes, code and links. No images, styles, classes, frames or scripts;
 * pictures go in as attachments.
 */
export const ANNOUNCEMENT_ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'hr',
  'a',
] as const;

/** Attributes kept, per tag; a link's target and rel are set by the server. */
export const ANNOUNCEMENT_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
};

/** The URL schemes a link may use. */
export const ANNOUNCEMENT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(whole: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) {
    const code = Number.parseInt(body.slice(2), 16);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  if (body.startsWith('#')) {
    const code = Number.parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return NAMED_ENTITIES[body] ?? whole;
}

/** Tags that end a block of text: they become a line break, so that words of two paragraphs stay apart. */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi;

/**
 * The text of SANITISED announcement HTML (only whitelisted tags, text escaped): tags dropped, blocks on
 * their own lines, entities decoded, runs of blank space folded. Not a sanitiser: never feed it raw input
 * meant for an HTML context.
 */
export function announcementText(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/** The first characters of the text, on one line, with an ellipsis when cut. */
export function announcementExcerpt(text: string, length = ANNOUNCEMENT_EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= length ? line : `${characters.slice(0, length).join('').trimEnd()}…`;
}
