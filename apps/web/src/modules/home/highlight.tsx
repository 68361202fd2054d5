import type { ReactNode } from 'react';

/**
 * The title with the first occurrence of `keyword` marked (case-insensitive, full-width and half-width alike
 * as `filterTree` matches). When normalising changes the text's length the offsets are unreliable: then the
 * whole title is marked.
 */
export function highlight(title: string, keyword: string): ReactNode {
  const needle = keyword.trim().normalize('NFKC').toLowerCase();
  if (!needle) return title;
  const haystack = title.normalize('NFKC').toLowerCase();
  const at = haystack.indexOf(needle);
  if (at < 0) return title;
  if (haystack.length !== title.length) return <mark className="home-tree__match">{title}</mark>;
  return (
    <>
      {title.slice(0, at)}
      <mark className="home-tree__match">{title.slice(at, at + needle.length)}</mark>
      {title.slice(at + needle.length)}
    </>
  );
}
