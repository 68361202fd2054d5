import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { CLIPPING_PLANES_MAX } from '@lintel/contracts/models';
import { Alert, App, Button, Empty, Slider, Space, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolList, ToolListItem } from '../ToolList';
import { useSubscription } from '../useSubscription';
import type { SectionController } from './sectionController';
import { axisOf, BOX_FACES, type BoxFace, withFace } from './sectionMath';

const AXES = ['X', 'Y', 'Z'] as const;

function describeNormal(normal: readonly number[]): string {
  return normal.map((value) => (Math.abs(value) < 1e-3 ? 0 : value).toFixed(2)).join(', ');
}

/** The section tool's panel: planes (add by clicking a face, flip, delete), the section box, on/off. */
export function SectionPanel({ section }: { section: SectionController }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useSubscription(section);
  const ids = useId();
  const planes = section.planes();
  const box = section.box();
  const bounds = section.modelBounds();

  const makeBox = async () => {
    const made = await section.boxAroundSelection();
    if (!made) message.warning(t('modelTools:section.noModel'));
  };

  const sliderFor = (face: BoxFace) => {
    if (!box || !bounds) return null;
    const axis = axisOf(face);
    const min = Math.min(bounds.min[axis], box.min[axis]) - 1;
    const max = Math.max(bounds.max[axis], box.max[axis]) + 1;
    const value = face.startsWith('min') ? box.min[axis] : box.max[axis];
    return (
      <div key={face} className="viewer-tool-slider">
        <Typography.Text type="secondary">{t(`modelTools:section.face.${face}`)}</Typography.Text>
        <Slider
          min={min}
          max={max}
          step={(max - min) / 500}
          value={value}
          tooltip={{ formatter: (number) => `${(number ?? 0).toFixed(2)} m` }}
          onChange={(next) => section.setBox(withFace(box, face, next))}
          aria-label={t(`modelTools:section.face.${face}`)}
        />
      </div>
    );
  };

  return (
    <Space orientation="vertical" size="middle" className="viewer-tool-body">
      <div className="viewer-tool-switch">
        <Switch
          id={`${ids}-on`}
          size="small"
          checked={section.enabled}
          onChange={(on) => section.setEnabled(on)}
          data-testid="section-enabled"
        />
        <label htmlFor={`${ids}-on`}>{t('modelTools:section.enabled')}</label>
      </div>
      <div className="viewer-tool-switch">
        <Switch
          id={`${ids}-handles`}
          size="small"
          checked={section.handles}
          onChange={(on) => section.setHandles(on)}
        />
        <label htmlFor={`${ids}-handles`}>{t('modelTools:section.handles')}</label>
      </div>

      <Typography.Title level={5}>{t('modelTools:section.planes')}</Typography.Title>
      {section.picking ? (
        <Alert
          type="info"
          showIcon
          title={t('modelTools:section.pickHint')}
          action={
            <Button size="small" onClick={() => section.stopPicking()}>
              {t('modelTools:action.cancel')}
            </Button>
          }
        />
      ) : (
        <Button
          block
          type="primary"
          disabled={!section.canAdd}
          onClick={() => section.startPicking()}
          data-testid="section-add-plane"
        >
          {section.canAdd
            ? t('modelTools:section.addPlane')
            : t('modelTools:section.planesFull', { max: CLIPPING_PLANES_MAX })}
        </Button>
      )}
      {planes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelTools:section.noPlanes')} />
      ) : (
        <>
          <ToolList data-testid="section-plane-list">
            {planes.map((entry, index) => (
              <ToolListItem
                key={entry.id}
                actions={
                  <>
                    <Button
                      type="text"
                      size="small"
                      icon={<SwapOutlined />}
                      aria-label={t('modelTools:section.flip')}
                      title={t('modelTools:section.flip')}
                      onClick={() => section.flip(entry.id)}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('modelTools:section.deletePlane')}
                      title={t('modelTools:section.deletePlane')}
                      onClick={() => section.remove(entry.id)}
                    />
                  </>
                }
              >
                <Space orientation="vertical" size={0}>
                  <Typography.Text>
                    {t('modelTools:section.planeName', { number: index + 1 })}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="viewer-tool-small">
                    {t('modelTools:section.normal', { value: describeNormal(entry.plane.normal) })}
                  </Typography.Text>
                </Space>
              </ToolListItem>
            ))}
          </ToolList>
          <Typography.Text type="secondary" className="viewer-tool-small">
            {t('modelTools:section.moveHint')}
          </Typography.Text>
          <Button danger block onClick={() => section.removeAllPlanes()} data-testid="section-clear-planes">
            {t('modelTools:section.deleteAllPlanes')}
          </Button>
        </>
      )}

      <Typography.Title level={5}>{t('modelTools:section.box')}</Typography.Title>
      <Space wrap>
        <Button onClick={() => void makeBox()} data-testid="section-box-create">
          {box ? t('modelTools:section.boxReset') : t('modelTools:section.boxCreate')}
        </Button>
        {box && (
          <Button danger onClick={() => section.setBox(null)} data-testid="section-box-remove">
            {t('modelTools:section.boxRemove')}
          </Button>
        )}
      </Space>
      {box ? (
        <div data-testid="section-box-sliders">
          {AXES.map((axis, index) => (
            <div key={axis}>
              {BOX_FACES.filter((face) => axisOf(face) === index).map((face) => sliderFor(face))}
            </div>
          ))}
        </div>
      ) : (
        <Typography.Text type="secondary">{t('modelTools:section.boxHint')}</Typography.Text>
      )}
    </Space>
  );
}
