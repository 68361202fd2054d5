import {
  DEFAULT_TOPIC_PRIORITY,
  TOPIC_CONTENT_MAX_LENGTH,
  TOPIC_IMAGES_MAX,
  TOPIC_NAME_MAX_LENGTH,
  TOPIC_PRIORITIES,
  type TopicPriority,
  type TopicUser,
  topicOptionLabel,
} from '@lintel/contracts/topics';
import { Button, Form, type FormInstance, Input, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { LazyDatePicker } from '../../../components/LazyDatePicker';
import { type ImageItem, ImagesField } from '../../../components/project/ImagesField';
import { MemberSelect } from '../../../components/project/MemberSelect';
import { useDomains, useTopicSettings } from '../api';
import { type LinkItem, LinksField } from './LinksField';

export interface TopicFormValues {
  name: string;
  domainId: string | null;
  speciesId: string | null;
  subcontractId: string | null;
  content: string;
  images: ImageItem[];
  mentions: string[];
  participants: string[];
  priority: TopicPriority;
  deadline: Dayjs | null;
  links: LinkItem[];
}

/** The form's field names, where the server's field problems can be shown. */
export const TOPIC_FORM_FIELDS = [
  'name',
  'domainId',
  'speciesId',
  'subcontractId',
  'content',
  'images',
  'mentions',
  'participants',
  'priority',
  'deadline',
  'links',
] as const;

export const EMPTY_TOPIC_VALUES: TopicFormValues = {
  name: '',
  domainId: null,
  speciesId: null,
  subcontractId: null,
  content: '',
  images: [],
  mentions: [],
  participants: [],
  priority: DEFAULT_TOPIC_PRIORITY,
  deadline: null,
  links: [],
};

interface TopicFormProps {
  form: FormInstance<TopicFormValues>;
  projectId: string;
  initialValues: TopicFormValues;
  /** Creating: the deadline cannot be in the past. */
  creating: boolean;
  /** The edited topic's id (it cannot link to itself) and its people (shown even if they left). */
  topicId?: string;
  knownUsers?: readonly TopicUser[];
  submitting: boolean;
  onSubmit: (values: TopicFormValues) => void;
  onCancel: () => void;
  onChange: () => void;
}

/** The fields of a problem: what it is, where it belongs, who handles it, by when, and what it concerns. */
export function TopicForm(props: TopicFormProps) {
  const { form, projectId, initialValues, creating, submitting } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const domains = useDomains(projectId);
  const species = useTopicSettings(projectId, 'species');
  const subcontracts = useTopicSettings(projectId, 'subcontracts');
  const named = (rows: { _id: string; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row._id, label: row.name }));
  const domainOptions = [...(domains.data ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((d) => ({ value: d._id, label: language === 'en-US' && d.nameEn ? d.nameEn : d.name }));

  return (
    <Form<TopicFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onFinish={props.onSubmit}
      onValuesChange={props.onChange}
      scrollToFirstError
      data-testid="topic-form"
    >
      <Form.Item
        name="name"
        label={t('topics:form.name')}
        rules={[
          { required: true, whitespace: true, message: t('topics:form.nameRequired') },
          {
            max: TOPIC_NAME_MAX_LENGTH,
            message: t('topics:form.nameTooLong', { max: TOPIC_NAME_MAX_LENGTH }),
          },
        ]}
      >
        <Input
          showCount
          maxLength={TOPIC_NAME_MAX_LENGTH}
          placeholder={t('topics:form.namePlaceholder')}
          data-testid="topic-name-input"
        />
      </Form.Item>
      <div className="topic-form__row">
        <Form.Item name="domainId" label={t('topics:field.domain')}>
          <Select
            allowClear
            options={domainOptions}
            loading={domains.isPending}
            placeholder={t('topics:form.choose')}
            data-testid="topic-domain-select"
          />
        </Form.Item>
        <Form.Item name="speciesId" label={t('topics:field.species')}>
          <Select
            allowClear
            options={named(species.data)}
            loading={species.isPending}
            placeholder={t('topics:form.choose')}
            data-testid="topic-species-select"
          />
        </Form.Item>
        <Form.Item name="subcontractId" label={t('topics:field.subcontract')}>
          <Select
            allowClear
            options={named(subcontracts.data)}
            loading={subcontracts.isPending}
            placeholder={t('topics:form.choose')}
            data-testid="topic-subcontract-select"
          />
        </Form.Item>
      </div>
      <Form.Item
        name="content"
        label={t('topics:field.content')}
        rules={[
          {
            max: TOPIC_CONTENT_MAX_LENGTH,
            message: t('topics:form.contentTooLong', { max: TOPIC_CONTENT_MAX_LENGTH }),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          showCount
          maxLength={TOPIC_CONTENT_MAX_LENGTH}
          placeholder={t('topics:form.contentPlaceholder')}
          data-testid="topic-content-input"
        />
      </Form.Item>
      <Form.Item name="images" label={t('topics:field.images')}>
        <ImagesField projectId={projectId} max={TOPIC_IMAGES_MAX} testId="topic-images" />
      </Form.Item>
      <Form.Item
        name="mentions"
        label={t('topics:field.mentions')}
        rules={[{ required: true, type: 'array', min: 1, message: t('topics:form.mentionsRequired') }]}
      >
        <MemberSelect
          projectId={projectId}
          known={props.knownUsers}
          placeholder={t('topics:form.mentionsPlaceholder')}
          ariaLabel={t('topics:field.mentions')}
          testId="topic-mentions-select"
        />
      </Form.Item>
      <Form.Item name="participants" label={t('topics:field.participants')}>
        <MemberSelect
          projectId={projectId}
          known={props.knownUsers}
          placeholder={t('topics:form.participantsPlaceholder')}
          ariaLabel={t('topics:field.participants')}
          testId="topic-participants-select"
        />
      </Form.Item>
      <div className="topic-form__row">
        <Form.Item name="priority" label={t('topics:field.priority')}>
          <Radio.Group
            optionType="button"
            options={TOPIC_PRIORITIES.map((p) => ({
              value: p,
              label: topicOptionLabel('priorities', p, language),
            }))}
            data-testid="topic-priority-input"
          />
        </Form.Item>
        <Form.Item
          name="deadline"
          label={t('topics:field.deadline')}
          rules={
            creating
              ? [
                  {
                    validator: async (_, value: Dayjs | null) => {
                      if (value?.isBefore(dayjs(), 'day')) throw new Error(t('topics:form.deadlinePast'));
                    },
                  },
                ]
              : []
          }
        >
          <LazyDatePicker
            allowClear
            disabledDate={creating ? (day) => day.isBefore(dayjs(), 'day') : undefined}
            placeholder={t('topics:form.deadlinePlaceholder')}
            data-testid="topic-deadline-input"
          />
        </Form.Item>
      </div>
      <Form.Item name="links" label={t('topics:field.links')}>
        <LinksField projectId={projectId} selfId={props.topicId} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="topic-submit">
          {creating ? t('topics:form.submitCreate') : t('topics:form.submitEdit')}
        </Button>
        <Button onClick={props.onCancel} data-testid="topic-cancel">
          {t('topics:form.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
