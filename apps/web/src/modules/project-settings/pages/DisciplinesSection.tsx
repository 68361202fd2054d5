import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { DOMAIN_NAME_MAX_LENGTH, type Domain } from '@lintel/contracts/permissions';
import { App, Button, Card, Form, Input, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject } from '../../workbench';
import { useCreateDomain, useDeleteDomain, useDomains, useUpdateDomains } from '../extraApi';

type Editing = { domain: Domain | null } | null;

/** Add or rename a discipline: the name (required, ≤ 30; duplicates refused by the server) and its English name. */
function DomainDialog({
  projectId,
  editing,
  onClose,
}: {
  projectId: string;
  editing: Editing;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; nameEn?: string }>();
  const create = useCreateDomain(projectId);
  const update = useUpdateDomains(projectId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!editing) return;
    setFailure(null);
    form.setFieldsValue({ name: editing.domain?.name ?? '', nameEn: editing.domain?.nameEn ?? '' });
  }, [editing, form]);

  const submit = async (values: { name: string; nameEn?: string }) => {
    setFailure(null);
    const body = { name: values.name.trim(), nameEn: (values.nameEn ?? '').trim() };
    try {
      if (editing?.domain) await update.mutateAsync([{ id: editing.domain._id, ...body }]);
      else await create.mutateAsync(body);
      void message.success(t('projectSettings:disciplines.saved'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const label = t('projectSettings:disciplines.name');
  return (
    <Modal
      open={editing !== null}
      title={editing?.domain ? t('projectSettings:disciplines.edit') : t('projectSettings:disciplines.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ ...({ 'data-testid': 'domain-dialog-ok' } as object) }}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('projectSettings:common.nameRequired', { label }),
            },
            {
              max: DOMAIN_NAME_MAX_LENGTH,
              message: t('projectSettings:common.nameTooLong', { label, max: DOMAIN_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input data-testid="domain-dialog-name" count={{ show: true, max: DOMAIN_NAME_MAX_LENGTH }} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('projectSettings:disciplines.nameEn')} rules={[{ max: 60 }]}>
          <Input data-testid="domain-dialog-nameEn" />
        </Form.Item>
      </Form>
      {failure ? <InlineAlert type="error" message={failure} testId="domain-dialog-error" /> : null}
    </Modal>
  );
}

/** Discipline settings: the project's disciplines (majors), added, renamed, reordered and removed. */
export default function DisciplinesSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  const domains = useDomains(projectId);
  const update = useUpdateDomains(projectId);
  const remove = useDeleteDomain(projectId);
  const [editing, setEditing] = useState<Editing>(null);
  const rows = [...(domains.data ?? [])].sort((a, b) => a.order - b.order);

  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    const changes = next.flatMap((d, order) => (d.order === order ? [] : [{ id: d._id, order }]));
    update.mutate(changes, { onError: (error) => void message.error(errorMessage(error, t)) });
  };

  if (domains.isError) {
    return (
      <ErrorState
        title={t('projectSettings:disciplines.loadError')}
        description={errorMessage(domains.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void domains.refetch()}
        testId="domains-error"
      />
    );
  }

  const columns: ColumnsType<Domain> = [
    { key: 'name', title: t('projectSettings:disciplines.name'), dataIndex: 'name' },
    { key: 'nameEn', title: t('projectSettings:disciplines.nameEn'), render: (_, d) => d.nameEn || '—' },
    {
      key: 'actions',
      title: t('projectSettings:members.actions'),
      render: (_, d, index) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0 || update.isPending}
            aria-label={t('projectSettings:disciplines.moveUp', { name: d.name })}
            onClick={() => move(index, index - 1)}
            data-testid={`domain-up-${d._id}`}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === rows.length - 1 || update.isPending}
            aria-label={t('projectSettings:disciplines.moveDown', { name: d.name })}
            onClick={() => move(index, index + 1)}
            data-testid={`domain-down-${d._id}`}
          />
          <Button
            type="link"
            size="small"
            onClick={() => setEditing({ domain: d })}
            data-testid={`domain-edit-${d._id}`}
          >
            {t('projectSettings:common.edit')}
          </Button>
          <ConfirmDanger
            title={t('projectSettings:disciplines.deleteConfirm', { name: d.name })}
            onConfirm={() =>
              remove.mutateAsync(d._id).then(
                () => void message.success(t('projectSettings:disciplines.deleted')),
                (error: unknown) => void message.error(errorMessage(error, t)),
              )
            }
            okTestId="domain-delete-ok"
          >
            <Button type="link" size="small" danger data-testid={`domain-delete-${d._id}`}>
              {t('projectSettings:common.delete')}
            </Button>
          </ConfirmDanger>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('projectSettings:disciplines.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ domain: null })}
          data-testid="domain-add"
        >
          {t('projectSettings:disciplines.add')}
        </Button>
      }
    >
      <Table<Domain>
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={domains.isPending || update.isPending}
        pagination={false}
        locale={{ emptyText: t('projectSettings:disciplines.empty') }}
        data-testid="domain-table"
      />
      <DomainDialog projectId={projectId} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
