import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CaretDownOutlined,
  CaretUpOutlined,
} from '@ant-design/icons';
import { Button, Slider, Typography } from 'antd';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { WALK_SPEED_RANGE } from '../settings/viewerSettings';
import { useSubscription } from '../useSubscription';
import type { RoamingController } from './roamingController';
import type { WalkKey } from './roamingMath';

function PadButton({
  roaming,
  walk,
  label,
  icon,
}: {
  roaming: RoamingController;
  walk: WalkKey;
  label: string;
  icon: ReactNode;
}) {
  const release = () => roaming.press(walk, false);
  return (
    <Button
      className={`viewer-roam-pad__${walk}`}
      icon={icon}
      aria-label={label}
      onPointerDown={() => roaming.press(walk, true)}
      onPointerUp={release}
      onPointerLeave={release}
      onPointerCancel={release}
    />
  );
}

/** A phone or tablet (no mouse as the main pointer): the help speaks of dragging and the pad, not keys. */
function touchFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** Over the canvas while roaming: how to walk, the speed, a pad for touch screens, and the way out. */
export function RoamingOverlay({ roaming, host }: { roaming: RoamingController; host: HTMLElement }) {
  const { t } = useTranslation();
  useSubscription(roaming);
  if (!roaming.active) return null;
  return createPortal(
    <div className="viewer-roam" data-testid="roaming-overlay">
      <div className="viewer-roam__card">
        <Typography.Text strong>{t('modelTools:roam.title')}</Typography.Text>
        <Typography.Text className="viewer-tool-small">
          {roaming.locked
            ? t('modelTools:roam.lockedHint')
            : touchFirst()
              ? t('modelTools:roam.touchHint')
              : t('modelTools:roam.hint')}
        </Typography.Text>
        <div className="viewer-roam__speed">
          <Typography.Text className="viewer-tool-small">
            {t('modelTools:roam.speed', { speed: roaming.speed.toFixed(1) })}
          </Typography.Text>
          <Slider
            min={WALK_SPEED_RANGE.min}
            max={WALK_SPEED_RANGE.max}
            step={0.5}
            value={roaming.speed}
            onChange={(value) => roaming.setSpeed(value)}
            aria-label={t('modelTools:roam.speedLabel')}
            data-testid="roaming-speed"
          />
        </div>
        <Button size="small" onClick={() => roaming.stop()} data-testid="roaming-exit">
          {t('modelTools:roam.exit')}
        </Button>
      </div>
      <div className="viewer-roam-pad">
        <PadButton
          roaming={roaming}
          walk="forward"
          label={t('modelTools:roam.forward')}
          icon={<ArrowUpOutlined />}
        />
        <PadButton
          roaming={roaming}
          walk="left"
          label={t('modelTools:roam.left')}
          icon={<ArrowLeftOutlined />}
        />
        <PadButton
          roaming={roaming}
          walk="back"
          label={t('modelTools:roam.back')}
          icon={<ArrowDownOutlined />}
        />
        <PadButton
          roaming={roaming}
          walk="right"
          label={t('modelTools:roam.right')}
          icon={<ArrowRightOutlined />}
        />
        <PadButton roaming={roaming} walk="up" label={t('modelTools:roam.up')} icon={<CaretUpOutlined />} />
        <PadButton
          roaming={roaming}
          walk="down"
          label={t('modelTools:roam.down')}
          icon={<CaretDownOutlined />}
        />
      </div>
    </div>,
    host,
  );
}
