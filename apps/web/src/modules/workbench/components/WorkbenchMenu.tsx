import { Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useWorkbenchNav } from './useWorkbenchNav';

/**
 * The workbench's side menu (and the phone drawer's content): the overview, the authorised modules that
 * exist in this build by group, and for project administrators the project settings. Keyboard: antd's menu
 * (arrows, Enter). `onNavigate` is told after a click has navigated (the drawer closes).
 */
export function WorkbenchMenu({ onNavigate }: { onNavigate?: () => void } = {}) {
  const navigate = useNavigate();
  const { items, current } = useWorkbenchNav();

  return (
    <Menu
      mode="inline"
      className="workbench__menu"
      data-testid="workbench-menu"
      selectedKeys={current ? [current.path] : []}
      items={items}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
