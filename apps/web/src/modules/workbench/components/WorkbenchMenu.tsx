import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useWorkbenchNav } from './useWorkbenchNav';

/** The icons of the places that stand alone; the modules in groups have none (as antd's menu showed them). */
const ICONS: Record<string, ReactNode> = {
  overview: <AppstoreOutlined />,
  settings: <SettingOutlined />,
};

/** Up and Down move between the entries (wrapping), Home and End go to the first and the last; Tab as usual. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.workbench__item')];
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? links.length - 1
        : event.key === 'ArrowDown'
          ? (at + 1) % links.length
          : (at - 1 + links.length) % links.length;
  event.preventDefault();
  links[next]?.focus();
}

/**
 * The workbench's side menu (and the phone drawer's content): the overview, the authorised modules that
 * exist in this build by group (spec 001 §2, each group under its heading), and for project administrators
 * the project settings. Plain links in lists: the current entry is marked `aria-current="page"`; Tab goes
 * through the entries, and so do the arrow keys (Home, End). A link opens in a new tab with the usual
 * gestures. `onNavigate` is told after a click has navigated (the drawer closes).
 *
 * It is not antd's Menu: that brought ~27 KB gzip (its tooltip, popup and overflow code, for a menu that is
 * neither collapsed nor horizontal) to every project route (issue 15 §4).
 */
export function WorkbenchMenu({ onNavigate }: { onNavigate?: () => void } = {}) {
  const { sections, current } = useWorkbenchNav();
  const idPrefix = useId();

  const entry = (place: { path: string; key: string; label: string }, nested: boolean) => {
    const here = current?.path === place.path;
    return (
      <li key={place.key}>
        <Link
          to={place.path}
          className={`workbench__item${nested ? ' workbench__item--nested' : ''}${here ? ' workbench__item--current' : ''}`}
          aria-current={here ? 'page' : undefined}
          data-testid={`workbench-menu-${place.key}`}
          onClick={() => onNavigate?.()}
        >
          {ICONS[place.key] ? (
            <span className="workbench__item-icon" aria-hidden>
              {ICONS[place.key]}
            </span>
          ) : null}
          <span className="workbench__item-label">{place.label}</span>
        </Link>
      </li>
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys move focus between the links inside
    <div className="workbench__menu" data-testid="workbench-menu" onKeyDown={moveFocus}>
      <ul className="workbench__menu-list">
        {sections.map((section) => {
          if (!section.label) return section.places.map((place) => entry(place, false));
          const headingId = `${idPrefix}-${section.key}`;
          return (
            <li key={section.key} className="workbench__group">
              <div id={headingId} className="workbench__group-title">
                {section.label}
              </div>
              <ul className="workbench__menu-list" aria-labelledby={headingId}>
                {section.places.map((place) => entry(place, true))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
