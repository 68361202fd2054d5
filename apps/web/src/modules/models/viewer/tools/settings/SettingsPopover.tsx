import { SettingOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Popover, Select, Slider, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BACKGROUND_PRESETS,
  DEFAULT_SETTINGS,
  LENGTH_UNITS,
  type LengthUnit,
  NAVIGATION_SPEED_RANGE,
  PRECISION_RANGE,
  type ViewerSettings,
  WALK_SPEED_RANGE,
} from './viewerSettings';

interface SettingsPopoverProps {
  settings: ViewerSettings;
  onChange: (patch: Partial<ViewerSettings>) => void;
}

/** Background, navigation and walking speed, units and precision of the measures (kept in this browser). */
export function SettingsPopover({ settings, onChange }: SettingsPopoverProps) {
  const { t } = useTranslation();
  const content = (
    <Form layout="vertical" className="viewer-settings" data-testid="viewer-settings">
      <Form.Item label={t('modelTools:settings.background')}>
        {/* Preset swatches and the browser's own colour input: antd's ColorPicker would add ~7 KB gzip to
            the chunks every screen loads (rolldown puts it with antd's shared code), /login included. */}
        <Space wrap size={6}>
          {BACKGROUND_PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              className="viewer-settings__swatch"
              style={{ background: color }}
              aria-label={color}
              aria-pressed={settings.background.toLowerCase() === color.toLowerCase()}
              onClick={() => onChange({ background: color })}
            />
          ))}
          <input
            type="color"
            className="viewer-settings__color"
            value={settings.background}
            aria-label={t('modelTools:settings.background')}
            data-testid="viewer-settings-background"
            onChange={(event) => onChange({ background: event.target.value })}
          />
        </Space>
      </Form.Item>
      <Form.Item label={t('modelTools:settings.navigationSpeed', { value: settings.navigationSpeed })}>
        <Slider
          min={NAVIGATION_SPEED_RANGE.min}
          max={NAVIGATION_SPEED_RANGE.max}
          step={0.25}
          value={settings.navigationSpeed}
          onChange={(value) => onChange({ navigationSpeed: value })}
          aria-label={t('modelTools:settings.navigationSpeedLabel')}
        />
      </Form.Item>
      <Form.Item label={t('modelTools:settings.walkSpeed')}>
        <InputNumber
          min={WALK_SPEED_RANGE.min}
          max={WALK_SPEED_RANGE.max}
          step={0.5}
          value={settings.walkSpeed}
          suffix="m/s"
          onChange={(value) => typeof value === 'number' && onChange({ walkSpeed: value })}
        />
      </Form.Item>
      <Form.Item label={t('modelTools:settings.unit')}>
        <Select<LengthUnit>
          value={settings.lengthUnit}
          onChange={(value) => onChange({ lengthUnit: value })}
          options={LENGTH_UNITS.map((unit) => ({
            value: unit,
            label: t(`modelTools:settings.units.${unit}`),
          }))}
          data-testid="settings-unit"
        />
      </Form.Item>
      <Form.Item label={t('modelTools:settings.precision')}>
        <InputNumber
          min={PRECISION_RANGE.min}
          max={PRECISION_RANGE.max}
          precision={0}
          value={settings.precision}
          onChange={(value) => typeof value === 'number' && onChange({ precision: value })}
          data-testid="settings-precision"
        />
      </Form.Item>
      <Button block onClick={() => onChange({ ...DEFAULT_SETTINGS })}>
        {t('modelTools:settings.reset')}
      </Button>
    </Form>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('modelTools:settings.title')} content={content}>
      <Tooltip title={t('modelTools:settings.title')}>
        <Button
          icon={<SettingOutlined />}
          aria-label={t('modelTools:settings.title')}
          data-testid="viewer-settings-button"
        />
      </Tooltip>
    </Popover>
  );
}
