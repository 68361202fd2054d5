import type { WorkflowControls } from '@lintel/contracts/workflow';
import { Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

const CONTROLS: (keyof WorkflowControls)[] = ['allowChangePersonnel', 'allowRecall', 'showLog'];

/** The workflow's own controls (not one node's): changing personnel, recall, the log. */
export function ControlsDrawer({
  controls,
  onChange,
  onClose,
}: {
  controls: WorkflowControls;
  onChange: (controls: WorkflowControls) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      title={t('workflow:controls.title')}
      onClose={onClose}
      destroyOnHidden
      data-testid="controls-drawer"
    >
      {CONTROLS.map((key) => (
        <div className="wf-control" key={key}>
          <Switch
            checked={controls[key]}
            onChange={(on) => onChange({ ...controls, [key]: on })}
            aria-label={t(`workflow:controls.${key}`)}
            data-testid={`control-${key}`}
          />
          <div>
            <div className="wf-control__label">{t(`workflow:controls.${key}`)}</div>
            <div className="wf-control__hint">{t(`workflow:controls.${key}Hint`)}</div>
          </div>
        </div>
      ))}
    </Drawer>
  );
}
