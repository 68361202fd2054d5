/**
 * The bell, drawn like the header's other icons (components/icons.tsx: a line SVG in `.app-icon`). Not
 * @ant-design/icons' BellOutlined: sharing its icon base with the sign-in screen's chunks made the bundler
 * move that base into a chunk of its own, and /login grew by ~1 KB for an icon it never shows.
 */
export function BellIcon({ className }: { className?: string }) {
  return (
    <span className={className ? `app-icon ${className}` : 'app-icon'} aria-hidden>
      <svg
        viewBox="2 2 20 20"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5z" />
        <path d="M10 20.5a2 2 0 0 0 4 0" />
      </svg>
    </span>
  );
}
