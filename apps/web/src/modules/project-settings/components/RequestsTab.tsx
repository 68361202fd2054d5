import type { MemberRequest, MemberRequestStatus } from '@lintel/contracts/org';
import { App, Button, Form, Modal, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { InlineAlert } from '../../../components/InlineAlert';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useHandleRequest, useMemberRequests } from '../membersApi';
import { RemarkField } from './RemarkField';
import { TemplateSelect } from './TemplateSelect';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<MemberRequestStatus, string> = {
  pending: 'orange',
  passed: 'green',
  rejected: 'red',
};

type Handling = { request: MemberRequest; action: 'approve' | 'reject' } | null;

/** Approve with a template, or reject, with a remark; a request handled meanwhile shows the server's message. */
function HandleDialog({
  projectId,
  handling,
  onClose,
}: {
  projectId: string;
  handling: Handling;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ templateId?: string; remark?: string }>();
  const handle = useHandleRequest(projectId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (handling) {
      form.resetFields();
      setFailure(null);
    }
  }, [handling, form]);

  const approve = handling?.action === 'approve';
  const submit = async (values: { templateId?: string; remark?: string }) => {
    if (!handling) return;
    setFailure(null);
    try {
      await handle.mutateAsync({
        id: handling.request._id,
        action: handling.action,
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
        ...(approve ? { templateId: values.templateId ?? null } : {}),
      });
      void message.success(
        approve ? t('projectSettings:requests.approved') : t('projectSettings:requests.rejected'),
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const who = handling?.request.user?.nickName || handling?.request.user?.name || '';
  return (
    <Modal
      open={handling !== null}
      title={
        approve
          ? t('projectSettings:requests.approveTitle', { name: who })
          : t('projectSettings:requests.rejectTitle', { name: who })
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={approve ? t('projectSettings:requests.approve') : t('projectSettings:requests.reject')}
      okButtonProps={{ danger: !approve, ...({ 'data-testid': 'request-handle-ok' } as object) }}
      confirmLoading={handle.isPending}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {approve ? (
          <Form.Item
            name="templateId"
            label={t('projectSettings:members.template')}
            rules={[{ required: true, message: t('projectSettings:members.templateRequired') }]}
          >
            <TemplateSelect projectId={projectId} testId="request-template" preselectDefault />
          </Form.Item>
        ) : null}
        <RemarkField label={t('projectSettings:requests.approvalRemark')} testId="request-remark" />
      </Form>
      {failure ? <InlineAlert type="error" message={failure} testId="request-handle-error" /> : null}
    </Modal>
  );
}

/** The member requests of the project by status: pending ones can be approved or rejected. */
export function RequestsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MemberRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const requests = useMemberRequests(projectId, status, page, PAGE_SIZE);
  const [handling, setHandling] = useState<Handling>(null);

  const person = (p: { name: string; nickName: string } | null | undefined) =>
    p ? p.nickName || p.name : '—';
  const columns: ColumnsType<MemberRequest> = [
    { key: 'name', title: t('projectSettings:members.account'), render: (_, r) => r.user?.name ?? '—' },
    { key: 'nickName', title: t('projectSettings:requests.name'), render: (_, r) => r.user?.nickName || '—' },
    { key: 'phone', title: t('projectSettings:members.phone'), render: (_, r) => r.user?.phoneNumber || '—' },
    { key: 'inviter', title: t('projectSettings:requests.inviter'), render: (_, r) => person(r.inviter) },
    {
      key: 'applyRemark',
      title: t('projectSettings:requests.applyRemark'),
      ellipsis: true,
      render: (_, r) => r.applyRemark || '—',
    },
    {
      key: 'createdAt',
      title: t('projectSettings:requests.time'),
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      key: 'status',
      title: t('projectSettings:requests.status'),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]}>{t(`projectSettings:requests.statuses.${r.status}`)}</Tag>
      ),
    },
    ...(status === 'pending'
      ? [
          {
            key: 'actions',
            title: t('projectSettings:members.actions'),
            render: (_: unknown, r: MemberRequest) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setHandling({ request: r, action: 'approve' })}
                  data-testid={`request-approve-${r._id}`}
                >
                  {t('projectSettings:requests.approve')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setHandling({ request: r, action: 'reject' })}
                  data-testid={`request-reject-${r._id}`}
                >
                  {t('projectSettings:requests.reject')}
                </Button>
              </Space>
            ),
          },
        ]
      : [
          {
            key: 'handler',
            title: t('projectSettings:requests.handler'),
            render: (_: unknown, r: MemberRequest) => person(r.handler),
          },
          {
            key: 'handledAt',
            title: t('projectSettings:requests.handledAt'),
            render: (_: unknown, r: MemberRequest) => formatDate(r.handledAt),
          },
          {
            key: 'approvalRemark',
            title: t('projectSettings:requests.approvalRemark'),
            ellipsis: true,
            render: (_: unknown, r: MemberRequest) => r.approvalRemark || '—',
          },
        ]),
  ];

  return (
    <div className="project-settings__tab">
      <Segmented<MemberRequestStatus>
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        options={(['pending', 'passed', 'rejected'] as const).map((value) => ({
          value,
          label: (
            <span data-testid={`requests-status-${value}`}>
              {t(`projectSettings:requests.statuses.${value}`)}
            </span>
          ),
        }))}
      />
      {requests.isError && !requests.data ? (
        <ErrorState
          title={t('projectSettings:requests.loadError')}
          description={errorMessage(requests.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void requests.refetch()}
          testId="requests-error"
        />
      ) : (
        <Table<MemberRequest>
          rowKey="_id"
          columns={columns}
          dataSource={requests.data?.rows ?? []}
          loading={requests.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('projectSettings:requests.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: requests.data?.total ?? 0,
            onChange: setPage,
          }}
          data-testid="request-table"
        />
      )}
      <HandleDialog projectId={projectId} handling={handling} onClose={() => setHandling(null)} />
    </div>
  );
}
