import { elementDisplayName, ifcClassLabel } from '@lintel/contracts/ifc';
import type { ElementChange } from '@lintel/contracts/models';
import { ELEMENT_CHANGE_KINDS, type ElementChangeKind } from '@lintel/contracts/models';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Empty,
  Input,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../../app/useLanguage';
import { RetryAlert } from '../../../../../components/project/RetryAlert';
import { useAllModels, useModelVersions } from '../../../api';
import type { ViewerContext } from '../../engine/types';
import { ToolList, ToolListItem } from '../ToolList';
import type { CompareTarget } from '../urlParams';
import { CHANGE_COLORS, CHANGE_ORDER, changeDetailKeys, groupChanges } from './compareGroups';
import type { CompareState } from './useCompareSession';

/** Rows shown at first in a group; long groups grow by this many with "show more". */
const PAGE = 50;

/** A group's elements; a click (or Enter) selects the element and frames it. */
function ChangeList({ changes, onPick }: { changes: ElementChange[]; onPick: (globalId: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      <ToolList>
        {changes.slice(0, shown).map((change) => (
          <ToolListItem
            key={change.globalId}
            className="viewer-compare-item"
            onClick={() => onPick(change.globalId)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') onPick(change.globalId);
            }}
            tabIndex={0}
            role="button"
            data-testid={`compare-item-${change.globalId}`}
          >
            <Space orientation="vertical" size={0}>
              <Typography.Text>{elementDisplayName(change, language)}</Typography.Text>
              <Typography.Text type="secondary" className="viewer-tool-small" title={change.ifcClass}>
                {ifcClassLabel(change.ifcClass, language)}
                {changeDetailKeys(change).map((key) => ` · ${t(`modelTools:${key}`)}`)}
              </Typography.Text>
            </Space>
          </ToolListItem>
        ))}
      </ToolList>
      {changes.length > shown && (
        <Button type="link" block onClick={() => setShown(shown + PAGE)}>
          {t('modelTools:compare.showMore', { count: changes.length - shown })}
        </Button>
      )}
    </>
  );
}

interface ComparePanelProps {
  viewer: ViewerContext;
  target: CompareTarget | null;
  state: CompareState;
  onTargetChange: (target: CompareTarget | null) => void;
}

/** Picks two ready versions of a model, then lists what was added, changed and removed between them. */
function VersionPicker({ viewer, target, onTargetChange }: Omit<ComparePanelProps, 'state'>) {
  const { t } = useTranslation();
  const models = useAllModels(viewer.projectId);
  const openIds = viewer.models().map((copy) => copy.modelId);
  const [modelId, setModelId] = useState(target?.modelId ?? openIds[0] ?? '');
  const versions = useModelVersions(viewer.projectId, modelId, modelId !== '');
  const ready = (versions.data ?? []).filter((version) => version.status === 'ready');
  const [from, setFrom] = useState<string | undefined>(target?.fromVersionId);
  const [to, setTo] = useState<string | undefined>(target?.toVersionId);
  const options = ready.map((version) => ({
    value: version._id,
    label: t('modelTools:compare.versionLabel', { number: version.number, file: version.fileName }),
  }));
  const modelOptions = (models.data ?? [])
    .filter((model) => model.versionCount > 1)
    .map((model) => ({ value: model._id, label: model.name }));

  return (
    <Space orientation="vertical" className="viewer-tool-body">
      <Select
        className="viewer-tool-grow"
        placeholder={t('modelTools:compare.pickModel')}
        value={modelId || undefined}
        loading={models.isLoading}
        options={modelOptions}
        notFoundContent={t('modelTools:compare.noModels')}
        onChange={(value) => {
          setModelId(value);
          setFrom(undefined);
          setTo(undefined);
        }}
        data-testid="compare-model"
      />
      {modelId && !versions.isLoading && ready.length < 2 && (
        <Alert type="info" showIcon title={t('modelTools:compare.needTwo')} />
      )}
      <Space.Compact block>
        <Select
          className="viewer-tool-grow"
          placeholder={t('modelTools:compare.from')}
          value={from}
          options={options.filter((option) => option.value !== to)}
          loading={versions.isLoading}
          onChange={setFrom}
          data-testid="compare-from"
        />
        <Select
          className="viewer-tool-grow"
          placeholder={t('modelTools:compare.to')}
          value={to}
          options={options.filter((option) => option.value !== from)}
          loading={versions.isLoading}
          onChange={setTo}
          data-testid="compare-to"
        />
      </Space.Compact>
      <Button
        type="primary"
        block
        disabled={!modelId || !from || !to || from === to}
        onClick={() => from && to && onTargetChange({ modelId, fromVersionId: from, toVersionId: to })}
        data-testid="compare-start"
      >
        {t('modelTools:compare.start')}
      </Button>
    </Space>
  );
}

export function ComparePanel({ viewer, target, state, onTargetChange }: ComparePanelProps) {
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<ElementChangeKind[]>([...ELEMENT_CHANGE_KINDS]);
  const [text, setText] = useState('');
  const groups = useMemo(
    () => (state.result ? groupChanges(state.result, { kinds, text }) : []),
    [state.result, kinds, text],
  );

  if (!target) return <VersionPicker viewer={viewer} target={target} onTargetChange={onTargetChange} />;

  const leave = (
    <Button block onClick={() => onTargetChange(null)} data-testid="compare-leave">
      {t('modelTools:compare.leave')}
    </Button>
  );
  if (state.status === 'error')
    return (
      <Space orientation="vertical" className="viewer-tool-body">
        <RetryAlert error={state.error} onRetry={state.retry} />
        {leave}
      </Space>
    );
  if (state.status !== 'ready' || !state.result)
    return (
      <Space orientation="vertical" className="viewer-tool-body">
        <Spin>
          <Typography.Text type="secondary">{t('modelTools:compare.loading')}</Typography.Text>
        </Spin>
        {leave}
      </Space>
    );

  const { counts } = state.result;
  return (
    <Space orientation="vertical" size="middle" className="viewer-tool-body" data-testid="compare-result">
      <Space wrap>
        {CHANGE_ORDER.map((kind) => (
          <Badge
            key={kind}
            color={CHANGE_COLORS[kind]}
            text={`${t(`modelTools:compare.kind.${kind}`)} ${counts[kind]}`}
          />
        ))}
        <Typography.Text type="secondary">
          {t('modelTools:compare.unchanged', { count: counts.unchanged })}
        </Typography.Text>
      </Space>
      <Checkbox.Group
        value={kinds}
        onChange={(value) => setKinds(value as ElementChangeKind[])}
        options={CHANGE_ORDER.map((kind) => ({ value: kind, label: t(`modelTools:compare.kind.${kind}`) }))}
      />
      <Input.Search
        allowClear
        placeholder={t('modelTools:compare.search')}
        onChange={(event) => setText(event.target.value)}
      />
      {state.result.changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelTools:compare.noChanges')} />
      ) : (
        <Collapse
          size="small"
          defaultActiveKey={CHANGE_ORDER.filter((kind) => counts[kind] > 0)}
          items={groups.map((group) => ({
            key: group.kind,
            label: (
              <Badge
                color={CHANGE_COLORS[group.kind]}
                text={`${t(`modelTools:compare.kind.${group.kind}`)} (${group.count})`}
                data-testid={`compare-group-${group.kind}`}
              />
            ),
            children:
              group.count === 0 ? (
                <Typography.Text type="secondary">{t('modelTools:compare.groupEmpty')}</Typography.Text>
              ) : (
                <ChangeList
                  changes={group.changes}
                  onPick={(globalId) =>
                    void viewer.select([{ modelId: target.modelId, globalIds: [globalId] }], { fit: true })
                  }
                />
              ),
          }))}
        />
      )}
      {leave}
    </Space>
  );
}
