import {
  APPROVAL_MODES,
  type ApprovalNode,
  type NodePermissions,
  OPINION_KINDS,
  OPINION_SETTINGS,
  WORKFLOW_NODE_NAME_MAX_LENGTH,
} from '@lintel/contracts/workflow';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproverSources, completeSources } from './ApproverSources';
import type { Directory } from './summaries';

const PERMISSIONS: (keyof NodePermissions)[] = ['reject', 'forward', 'edit', 'export', 'close'];

interface Props {
  node: ApprovalNode;
  directory: Directory;
  onChange: (node: ApprovalNode) => void;
  onClose: () => void;
}

/**
 * An approval node's settings in a side drawer (a full-screen sheet on a phone): every change goes into
 * the flow at once, so the card and its problems follow while the drawer is open. A source still being
 * chosen stays here until it names someone.
 */
export function NodeDrawer({ node, directory, onChange, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(node);
  const change = (patch: Partial<ApprovalNode>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onChange({ ...next, approvers: completeSources(next.approvers), cc: completeSources(next.cc) });
  };
  const nameMissing = draft.name.trim() === '';

  return (
    <Drawer
      open
      title={t('workflow:node.title')}
      onClose={onClose}
      destroyOnHidden
      size={480}
      footer={
        <Button type="primary" onClick={onClose} data-testid="node-drawer-done">
          {t('workflow:node.done')}
        </Button>
      }
      data-testid="node-drawer"
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('workflow:node.name')}
          validateStatus={nameMissing ? 'error' : undefined}
          help={nameMissing ? t('workflow:node.nameRequired') : undefined}
        >
          <Input
            value={draft.name}
            maxLength={WORKFLOW_NODE_NAME_MAX_LENGTH}
            onChange={(event) => change({ name: event.target.value })}
            data-testid="node-name"
          />
        </Form.Item>
        <Form.Item label={t('workflow:node.approvers')}>
          <ApproverSources
            value={draft.approvers}
            onChange={(approvers) => change({ approvers })}
            directory={directory}
            label={t('workflow:node.approvers')}
            testId="approvers"
          />
        </Form.Item>
        <Form.Item label={t('workflow:node.mode')}>
          <Radio.Group
            value={draft.mode}
            onChange={(event) => change({ mode: event.target.value })}
            options={APPROVAL_MODES.map((mode) => ({ value: mode, label: t(`workflow:mode.${mode}`) }))}
            data-testid="node-mode"
          />
        </Form.Item>
        <Form.Item label={t('workflow:node.cc')} extra={t('workflow:node.ccHint')}>
          <ApproverSources
            value={draft.cc}
            onChange={(cc) => change({ cc })}
            directory={directory}
            label={t('workflow:node.cc')}
            testId="cc"
          />
        </Form.Item>
        <Form.Item label={t('workflow:node.keyNode')}>
          <Switch
            checked={draft.keyNode}
            onChange={(keyNode) => change({ keyNode })}
            aria-label={t('workflow:node.keyNode')}
            data-testid="node-key"
          />
        </Form.Item>
        <Form.Item label={t('workflow:node.permissions')}>
          <div className="wf-checks">
            {PERMISSIONS.map((permission) => (
              <Checkbox
                key={permission}
                checked={draft.permissions[permission]}
                onChange={(event) =>
                  change({ permissions: { ...draft.permissions, [permission]: event.target.checked } })
                }
                data-testid={`node-permission-${permission}`}
              >
                {t(`workflow:node.${permission}`)}
              </Checkbox>
            ))}
            <Checkbox
              checked={draft.multipleEdit}
              onChange={(event) => change({ multipleEdit: event.target.checked })}
            >
              {t('workflow:node.multipleEdit')}
            </Checkbox>
          </div>
        </Form.Item>
        <Form.Item label={t('workflow:node.opinions')}>
          <div className="wf-opinions">
            {OPINION_KINDS.map((kind) => (
              <div key={kind} className="wf-opinions__row">
                <span>{t(`workflow:opinion.${kind}`)}</span>
                <Select
                  size="small"
                  value={draft.opinions[kind]}
                  onChange={(setting) => change({ opinions: { ...draft.opinions, [kind]: setting } })}
                  options={OPINION_SETTINGS.map((setting) => ({
                    value: setting,
                    label: t(`workflow:opinion.${setting}`),
                  }))}
                  aria-label={t(`workflow:opinion.${kind}`)}
                  data-testid={`node-opinion-${kind}`}
                />
              </div>
            ))}
          </div>
        </Form.Item>
        <Form.Item label={t('workflow:node.deadline')} extra={t('workflow:node.deadlineHint')}>
          <InputNumber<number>
            min={1}
            max={24 * 365}
            precision={0}
            value={draft.deadlineHours}
            onChange={(value) => change({ deadlineHours: value ?? null })}
            data-testid="node-deadline"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
