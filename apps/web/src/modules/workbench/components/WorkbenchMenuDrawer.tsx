import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Project } from '@lintel/contracts/org';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkbenchMenu } from './WorkbenchMenu';

/**
 * The project menu on a phone: a drawer from the left with the project's name, the way home and the same
 * menu as the desktop's side. Closes by its close button, Esc, a tap outside and choosing an entry.
 */
export function WorkbenchMenuDrawer({
  open,
  id,
  project,
  onClose,
}: {
  open: boolean;
  /** The id the menu button's aria-controls names. */
  id: string;
  project: Project;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size="min(300px, 86vw)"
      className="workbench__drawer"
      data-testid="workbench-drawer"
      title={
        <span className="workbench__drawer-title" title={project.name}>
          {project.shortName || project.name}
        </span>
      }
      closable={{ 'aria-label': t('workbench:phone.closeMenu') }}
    >
      <nav id={id} aria-label={t('workbench:menu.label')}>
        <Link to="/home" className="workbench__back workbench__drawer-home" data-testid="workbench-home">
          <ArrowLeftOutlined /> {t('workbench:menu.home')}
        </Link>
        <WorkbenchMenu onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
