import type { ProjectUpdate } from '@lintel/contracts/org';
import { App, Button, Card, Descriptions, Form, Row } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatDate } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { useCurrentProject } from '../../workbench';
import { useUpdateProject } from '../api';
import { type BasicInfoValues, changedFields, rebaseFormValues, toFormValues } from '../basicInfo';
import { AdminsField } from '../components/AdminsField';
import { BasicField } from '../components/BasicField';
import { BASIC_SECTIONS } from '../components/basicFields';
import { NoPermission } from '../components/NoPermission';
import { useAllMembers } from '../membersApi';
import { useDirtyFlag } from '../unsavedChanges';

/**
 * Basic info: every project-information field of spec 001 §3 in sections, saved with PUT projects/{id}
 * (only the changed fields). Leaving with unsaved changes asks first (unsavedChanges.tsx).
 */
export default function BasicInfoSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useCurrentProject();
  const { projectId } = current;
  const save = useUpdateProject(projectId);
  const [form] = Form.useForm<BasicInfoValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [dirty, setDirty] = useState(false);
  useDirtyFlag(dirty);
  const members = useAllMembers(projectId);
  const admins = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.scopeType === 'project' && m.role === 'admin')
        .map((m) => m.userId)
        .sort(),
    [members.data],
  );

  const initial = useMemo(() => toFormValues(current.project), [current.project]);
  // The server values the form last took: a later refetch (after a save) only replaces the fields the
  // user has not edited since, so what they typed while the save was on its way stays.
  const baseline = useRef<BasicInfoValues | null>(null);
  const adminsBaseline = useRef<string[] | null>(null);
  useEffect(() => {
    const previous = baseline.current;
    baseline.current = initial;
    if (!previous) {
      form.setFieldsValue(initial);
      setDirty(false);
      return;
    }
    const values = rebaseFormValues(previous, initial, form.getFieldsValue(true) as BasicInfoValues);
    form.setFieldsValue(values);
    setDirty(Object.keys(changedFields(initial, values)).length > 0);
  }, [form, initial]);
  useEffect(() => {
    if (!members.data) return;
    const previous = adminsBaseline.current;
    adminsBaseline.current = admins;
    const picked = form.getFieldValue('admins' as never) as string[] | undefined;
    const untouched = !previous || !picked || JSON.stringify([...picked].sort()) === JSON.stringify(previous);
    if (untouched) form.setFieldValue('admins' as never, admins as never);
  }, [form, admins, members.data]);

  /** The PUT body: the changed information fields, and `admins` when the administrators changed. */
  const patchOf = () => {
    const values = form.getFieldsValue(true) as BasicInfoValues & { admins?: string[] };
    const patch: ProjectUpdate = changedFields(initial, values);
    const picked = [...(values.admins ?? admins)].sort();
    if (members.data && JSON.stringify(picked) !== JSON.stringify(admins)) patch.admins = picked;
    return patch;
  };

  if (forbidden) return <NoPermission />;

  const onValuesChange = () => {
    setDirty(Object.keys(patchOf()).length > 0);
  };

  const onFinish = async () => {
    setFailure(null);
    const patch = patchOf();
    if (Object.keys(patch).length === 0) {
      void message.info(t('projectSettings:basic.nothingChanged'));
      return;
    }
    try {
      await save.mutateAsync(patch);
      setDirty(false);
      await Promise.all([current.refetch(), patch.admins ? members.refetch() : null]);
      void message.success(t('projectSettings:basic.saved'));
    } catch (error) {
      if (isHttpError(error) && error.status === 403) {
        setForbidden(true);
        return;
      }
      const text = errorMessage(error, t);
      setFailure(text);
      void message.error(text);
    }
  };

  const { storage, createdAt } = current.project;
  return (
    <Form
      form={form}
      layout="vertical"
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      onFinishFailed={() => void message.error(t('projectSettings:basic.invalid'))}
      scrollToFirstError
      data-testid="basic-form"
    >
      <Card className="project-settings__card" title={t('projectSettings:basic.sections.record')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'createdAt',
              label: t('projectSettings:basic.createdAt'),
              children: formatDate(createdAt),
            },
            {
              key: 'storage',
              label: t('projectSettings:basic.storage'),
              children: (
                <span data-testid="basic-storage">
                  {storage.unlimited
                    ? t('projectSettings:basic.storageUnlimited', { used: formatBytes(storage.used) })
                    : t('projectSettings:basic.storageUsage', {
                        used: formatBytes(storage.used),
                        allocated: formatBytes(storage.allocated),
                      })}
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card className="project-settings__card" title={t('projectSettings:basic.sections.admins')}>
        <Form.Item
          name="admins"
          label={t('projectSettings:basic.fields.admins')}
          extra={t('projectSettings:basic.adminsHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('projectSettings:basic.adminsRequired') },
          ]}
        >
          <AdminsField members={members.data ?? []} loading={members.isPending} />
        </Form.Item>
      </Card>
      {BASIC_SECTIONS.map((section) => (
        <Card
          key={section.key}
          className="project-settings__card"
          title={t(`projectSettings:basic.sections.${section.key}`)}
          data-testid={`basic-section-${section.key}`}
        >
          <Row gutter={16}>
            {section.fields.map((spec) => (
              <BasicField key={spec.name} spec={spec} onError={(text) => void message.error(text)} />
            ))}
          </Row>
        </Card>
      ))}
      {failure ? <InlineAlert type="error" message={failure} testId="basic-save-error" /> : null}
      <div className="project-settings__toolbar">
        <Button
          disabled={!dirty || save.isPending}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ ...initial, ...({ admins } as object) });
            setDirty(false);
            setFailure(null);
          }}
          data-testid="basic-reset"
        >
          {t('projectSettings:basic.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="basic-save">
          {t('projectSettings:basic.save')}
        </Button>
      </div>
    </Form>
  );
}
