import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolList, ToolListItem } from '../ToolList';
import { useSubscription } from '../useSubscription';
import type { MeasureController } from './measureController';
import { formatMeasure, MEASURE_KINDS, type MeasureFormat, type MeasureKind } from './measureFormat';

interface MeasurePanelProps {
  measure: MeasureController;
  format: MeasureFormat;
  onKindChange: (kind: MeasureKind) => void;
}

/** The measure tool's panel: the kind, snapping, how to draw, and every measure with its value. */
export function MeasurePanel({ measure, format, onKindChange }: MeasurePanelProps) {
  const { t } = useTranslation();
  useSubscription(measure);
  const items = measure.items();
  const kind = measure.active;
  return (
    <Space orientation="vertical" size="middle" className="viewer-tool-body">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        className="measure-kinds"
        value={kind ?? undefined}
        onChange={(event) => onKindChange(event.target.value as MeasureKind)}
        options={MEASURE_KINDS.map((value) => ({
          value,
          label: <span data-testid={`measure-kind-${value}`}>{t(`modelTools:measure.kind.${value}`)}</span>,
        }))}
      />
      {kind && <Alert type="info" showIcon title={t(`modelTools:measure.hint.${kind}`)} />}
      {kind === 'area' && (
        <Button block onClick={() => measure.finish()} data-testid="measure-finish-area">
          {t('modelTools:measure.finishArea')}
        </Button>
      )}
      <Space wrap>
        <Typography.Text type="secondary">{t('modelTools:measure.snapTo')}</Typography.Text>
        <Checkbox
          checked={measure.snap.vertices}
          onChange={(event) => measure.setSnapping({ ...measure.snap, vertices: event.target.checked })}
        >
          {t('modelTools:measure.snapVertices')}
        </Checkbox>
        <Checkbox
          checked={measure.snap.edges}
          onChange={(event) => measure.setSnapping({ ...measure.snap, edges: event.target.checked })}
        >
          {t('modelTools:measure.snapEdges')}
        </Checkbox>
      </Space>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelTools:measure.empty')} />
      ) : (
        <>
          <ToolList data-testid="measure-list">
            {items.map((item) => (
              <ToolListItem
                key={item.id}
                actions={
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('modelTools:measure.deleteOne')}
                    onClick={() => measure.remove(item.id)}
                  />
                }
              >
                <Typography.Text type="secondary">
                  {t(`modelTools:measure.kind.${item.kind}`)} {item.number}
                </Typography.Text>{' '}
                <Typography.Text strong className="viewer-tool-value">
                  {formatMeasure(item.kind, item.raw, format)}
                </Typography.Text>
              </ToolListItem>
            ))}
          </ToolList>
          <Button danger block onClick={() => measure.clear()} data-testid="measure-clear">
            {t('modelTools:measure.clearAll')}
          </Button>
        </>
      )}
    </Space>
  );
}
