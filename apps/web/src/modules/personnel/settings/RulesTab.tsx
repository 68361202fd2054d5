import {
  PERSONNEL_SETTING_NAME_MAX_LENGTH,
  RULE_HOURS_MAX,
  RULE_HOURS_MIN,
  type Rule,
} from '@lintel/contracts/personnel';
import { App, Button, Form, InputNumber, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalRefusal, NameList } from '../../../components/project/NameList';
import { errorMessage } from '../../../lib/errors';
import { useCreateSetting, useDeleteSetting, useSettings, useUpdateSetting } from '../settingsApi';
import { rulesInOrder } from './rulesOrder';
import { SettingsLoadError } from './SettingsLoadError';

/** Attendance rules: name, hours, default flag, cumulative hours. */
export function RulesTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useSettings(projectId, 'rules');
  const create = useCreateSetting(projectId, 'rules');
  const update = useUpdateSetting(projectId, 'rules');
  const remove = useDeleteSetting(projectId, 'rules');
  const [hours, setHours] = useState<number | null>(8);
  if (list.isError) return <SettingsLoadError query={list} />;

  const change = (row: Rule, patch: Record<string, unknown>) =>
    update.mutateAsync({ id: row._id, ...patch }).then(
      () => void message.success(t('personnel:settings.saved')),
      (error: unknown) => void message.error(errorMessage(error, t)),
    );

  return (
    <>
      <Form layout="inline" className="personnel-settings__add">
        <Form.Item label={t('personnel:settings.rules.hoursOfNew')}>
          <InputNumber
            min={RULE_HOURS_MIN}
            max={RULE_HOURS_MAX}
            step={0.5}
            value={hours}
            onChange={setHours}
            aria-label={t('personnel:settings.rules.hoursOfNew')}
            data-testid="rules-new-hours"
          />
        </Form.Item>
      </Form>
      <NameList<Rule>
        testId="rules"
        maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
        rows={rulesInOrder(list.data ?? [])}
        loading={list.isPending}
        placeholder={t('personnel:settings.rules.placeholder')}
        emptyText={t('personnel:settings.rules.empty')}
        onAdd={(name) => {
          if (hours === null)
            return Promise.reject(new LocalRefusal(t('personnel:settings.rules.hoursRequired')));
          return create.mutateAsync({ name, hours });
        }}
        onRename={(row, name) => update.mutateAsync({ id: row._id, name })}
        onDelete={(row) => remove.mutateAsync(row._id)}
        deleteTitle={(row) => t('personnel:settings.rules.deleteConfirm', { name: row.name })}
        deleteWarning={t('personnel:settings.rules.deleteWarning')}
        deleteLocked={(row) =>
          row.isDefault
            ? t('personnel:settings.rules.defaultLocked')
            : row.initial
              ? t('personnel:settings.rules.initialLocked')
              : null
        }
        extraColumns={[
          {
            key: 'flags',
            width: 150,
            render: (_, row) => (
              <>
                {row.initial ? <Tag>{t('personnel:settings.rules.initial')}</Tag> : null}
                {row.isDefault ? (
                  <Tag color="blue" data-testid={`rule-default-${row._id}`}>
                    {t('personnel:settings.rules.default')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            key: 'hours',
            title: t('personnel:settings.rules.hours'),
            width: 130,
            render: (_, row) => (
              <InputNumber
                size="small"
                min={RULE_HOURS_MIN}
                max={RULE_HOURS_MAX}
                step={0.5}
                defaultValue={row.hours}
                aria-label={t('personnel:settings.rules.hoursOf', { name: row.name })}
                onBlur={(event) => {
                  const value = Number(event.target.value);
                  if (Number.isFinite(value) && value !== row.hours) void change(row, { hours: value });
                }}
              />
            ),
          },
          {
            key: 'cumulative',
            title: t('personnel:settings.rules.cumulativeHours'),
            width: 110,
            render: (_, row) => (
              <Switch
                size="small"
                checked={row.cumulativeHours}
                aria-label={t('personnel:settings.rules.cumulativeOf', { name: row.name })}
                onChange={(checked) => void change(row, { cumulativeHours: checked })}
              />
            ),
          },
          {
            key: 'staff',
            title: t('personnel:settings.staffCount'),
            width: 90,
            render: (_, row) => row.staffCount,
          },
        ]}
        extraActions={(row) =>
          row.isDefault ? null : (
            <Button
              type="link"
              size="small"
              onClick={() => void change(row, { isDefault: true })}
              data-testid={`rule-set-default-${row._id}`}
            >
              {t('personnel:settings.rules.setDefault')}
            </Button>
          )
        }
      />
    </>
  );
}
