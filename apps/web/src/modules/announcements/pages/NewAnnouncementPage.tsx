import '../locales';
import '../announcements.css';
import {
  ANNOUNCEMENT_ATTACHMENTS_MAX,
  ANNOUNCEMENT_TEXT_MAX_LENGTH,
  ANNOUNCEMENT_TITLE_MAX_LENGTH,
  announcementText,
} from '@lintel/contracts/announcements';
import { App, Button, Card, Checkbox, Form, Input, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import {
  type AttachmentItem,
  AttachmentsField,
  uploadsFailed,
  uploadsPending,
} from '../../../components/project/AttachmentsField';
import { errorMessage } from '../../../lib/errors';
import { discardUpload } from '../../../lib/projectFiles';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useCreateAnnouncement } from '../api';
import { ContentField } from '../components/ContentField';
import { NO_RECEIVERS, type ReceiverChoice, ReceiverPicker } from '../components/ReceiverPicker';
import { announcementPath, announcementsPath } from '../paths';
import { useAnnouncementRights } from '../rights';

/** /projects/:projectId/announcements/new — publish an announcement (the create right). */
export default function NewAnnouncementPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <NewAnnouncement />
      </WorkbenchLayout>
    </App>
  );
}

interface Values {
  title: string;
  receivers: ReceiverChoice;
  content: string;
  attachments: AttachmentItem[];
  stick: boolean;
}

/** The text of the editor's HTML, as the server will count it. */
const textOf = (html: string | undefined) => announcementText(html ?? '');

function NewAnnouncement() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { projectId, isAdmin } = useCurrentProject();
  const { rights, createPending } = useAnnouncementRights(projectId, isAdmin);
  const create = useCreateAnnouncement(projectId);
  const [form] = Form.useForm<Values>();

  if (createPending) return <PageSpinner />;
  if (!rights.canCreate) {
    return (
      <Result
        status="403"
        title={t('announcements:form.noRight')}
        subTitle={t('announcements:form.noRightHint')}
        extra={
          <Button onClick={() => void navigate(announcementsPath(projectId))}>
            {t('announcements:action.back')}
          </Button>
        }
        data-testid="announcement-no-right"
      />
    );
  }

  const submit = async (values: Values) => {
    const attachments = values.attachments ?? [];
    if (uploadsPending(attachments)) {
      void message.warning(t('announcements:form.uploading'));
      return;
    }
    if (uploadsFailed(attachments)) {
      void message.error(t('announcements:form.uploadFailed'));
      return;
    }
    const { receivers } = values;
    try {
      const created = await create.mutateAsync({
        projectId,
        title: values.title.trim(),
        content: values.content,
        receivers: receivers.mode === 'all' ? 'all' : receivers.userIds,
        departments: receivers.mode === 'all' ? [] : receivers.departmentIds,
        attachments: attachments.flatMap((item) => (item.fileId ? [item.fileId] : [])),
        stick: values.stick === true,
      });
      void message.success(t('announcements:done.published'));
      void navigate(announcementPath(projectId, created._id));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  const cancel = () => {
    // The files uploaded for this form only: they would take the project's storage for nothing.
    for (const item of form.getFieldValue('attachments') ?? []) {
      if ((item as AttachmentItem).fileId)
        void discardUpload((item as AttachmentItem).fileId!).catch(() => undefined);
    }
    void navigate(announcementsPath(projectId, 'send'));
  };

  return (
    <div className="announcement-new" data-testid="announcement-new">
      <Card variant="borderless">
        <Typography.Title level={3}>{t('announcements:form.title')}</Typography.Title>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark
          initialValues={{ title: '', receivers: NO_RECEIVERS, content: '', attachments: [], stick: false }}
          onFinish={submit}
          scrollToFirstError
        >
          <Form.Item
            name="title"
            label={t('announcements:form.titleLabel')}
            rules={[
              { required: true, whitespace: true, message: t('announcements:form.titleRequired') },
              {
                max: ANNOUNCEMENT_TITLE_MAX_LENGTH,
                message: t('announcements:form.titleTooLong', { max: ANNOUNCEMENT_TITLE_MAX_LENGTH }),
              },
            ]}
          >
            <Input
              showCount
              maxLength={ANNOUNCEMENT_TITLE_MAX_LENGTH}
              placeholder={t('announcements:form.titlePlaceholder')}
              data-testid="announcement-title-input"
            />
          </Form.Item>
          <Form.Item
            name="receivers"
            label={t('announcements:form.receiversLabel')}
            required
            rules={[
              {
                validator: async (_, value: ReceiverChoice | undefined) => {
                  if (!value) throw new Error(t('announcements:form.receiversRequired'));
                  if (value.mode === 'chosen' && value.userIds.length + value.departmentIds.length === 0)
                    throw new Error(t('announcements:form.receiversRequired'));
                },
              },
            ]}
          >
            <ReceiverPicker projectId={projectId} selfId={user?._id ?? ''} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('announcements:form.contentLabel')}
            required
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const text = textOf(value);
                  if (!text) throw new Error(t('announcements:form.contentRequired'));
                  if ([...text].length > ANNOUNCEMENT_TEXT_MAX_LENGTH)
                    throw new Error(
                      t('announcements:form.contentTooLong', { max: ANNOUNCEMENT_TEXT_MAX_LENGTH }),
                    );
                },
              },
            ]}
          >
            <ContentField />
          </Form.Item>
          <Form.Item name="attachments" label={t('announcements:form.attachmentsLabel')}>
            <AttachmentsField projectId={projectId} max={ANNOUNCEMENT_ATTACHMENTS_MAX} />
          </Form.Item>
          <Form.Item name="stick" valuePropName="checked">
            <Checkbox data-testid="announcement-stick-input">{t('announcements:form.stick')}</Checkbox>
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending}
              data-testid="announcement-submit"
            >
              {t('announcements:form.submit')}
            </Button>
            <Button onClick={cancel} data-testid="announcement-cancel">
              {t('announcements:form.cancel')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
