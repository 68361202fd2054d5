import { Icon } from '../../../components/icons';

/**
 * The bell, drawn like the header's other icons (components/icons.tsx). It lives here, not there: the
 * sign-in screen loads icons.tsx, and the bell is only ever shown to a signed-in user. Not
 * @ant-design/icons' BellOutlined either: sharing its icon base with the sign-in screen's chunks made the
 * bundler move that base into a chunk of its own, and /login grew by ~1 KB for an icon it never shows.
 */
export function BellIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}
