import './ClausesTab.locales';
import {
  CLAUSE_KINDS,
  CLAUSE_TEXT_MAX_LENGTH,
  type Clause,
  type ClauseKind,
} from '@lintel/contracts/account';
import { App, Button, Form, Input, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { clauseUrl } from '../../account/clauses';
import { useClauses, useSaveClause } from './ClausesTab.api';

interface Values {
  textZh: string;
  textEn: string;
}

/**
 * /system → user agreement and privacy policy (issue 17): the texts registration asks consent to, replaced
 * by a system administrator. A changed text becomes a new version, which later registrations accept; the
 * shipped texts are version 1. Format: a blank line between paragraphs, `## ` before a heading;
 * {{operator}} and {{product}} are filled in from the branding.
 */
export function ClausesTab() {
  return (
    // antd's message lives in this chunk (see app/providers.tsx).
    <App component={false}>
      <Clauses />
    </App>
  );
}

function Clauses() {
  const { t } = useTranslation();
  const clauses = useClauses();
  const [kind, setKind] = useState<ClauseKind>('agreement');

  if (clauses.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (clauses.isError) {
    return (
      <ErrorState
        title={t('systemClauses:loadError')}
        description={errorMessage(clauses.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void clauses.refetch()}
        busy={clauses.isFetching}
        testId="clauses-error"
      />
    );
  }
  const clause = clauses.data.find((item) => item.kind === kind);
  return (
    <div className="clauses-tab" data-testid="clauses-tab">
      <Typography.Paragraph type="secondary">{t('systemClauses:intro')}</Typography.Paragraph>
      <Segmented<ClauseKind>
        value={kind}
        onChange={setKind}
        options={CLAUSE_KINDS.map((value) => ({
          value,
          label: <span data-testid={`clauses-kind-${value}`}>{t(`systemClauses:kind.${value}`)}</span>,
        }))}
      />
      {clause ? <ClauseEditor key={`${clause.kind}-${clause.version}`} clause={clause} /> : null}
    </div>
  );
}

function ClauseEditor({ clause }: { clause: Clause }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveClause();
  const initial: Values = { textZh: clause.textZh, textEn: clause.textEn };
  const [changed, setChanged] = useState(false);

  const submit = async (values: Values) => {
    try {
      const saved = await save.mutateAsync({
        kind: clause.kind,
        textZh: values.textZh.trim(),
        textEn: values.textEn.trim(),
        version: clause.version,
      });
      void message.success(
        saved.version === clause.version
          ? t('systemClauses:unchanged')
          : t('systemClauses:saved', { version: saved.version }),
      );
      setChanged(false);
    } catch (error) {
      // Someone saved another version meanwhile: the list reloads with it (the form follows).
      if (isHttpError(error) && error.status === 409) void message.warning(errorMessage(error, t));
      else void message.error(errorMessage(error, t));
    }
  };

  const textRules = [
    { required: true, whitespace: true, message: t('systemClauses:required') },
    { max: CLAUSE_TEXT_MAX_LENGTH, message: t('systemClauses:tooLong', { max: CLAUSE_TEXT_MAX_LENGTH }) },
  ];
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setChanged(true)}
      className="clauses-tab__form"
      data-testid="clauses-form"
    >
      <Space wrap className="clauses-tab__meta">
        <Tag color="blue" data-testid="clauses-version">
          {t('systemClauses:version', { version: clause.version })}
        </Tag>
        <Typography.Text type="secondary">
          {clause.isDefault
            ? t('systemClauses:shipped')
            : t('systemClauses:updatedAt', { at: new Date(clause.updatedAt ?? '').toLocaleString() })}
        </Typography.Text>
        <a href={clauseUrl(clause.kind)} target="_blank" rel="noopener noreferrer" data-testid="clauses-open">
          {t('systemClauses:open')}
        </a>
      </Space>
      <Form.Item name="textZh" label={t('systemClauses:textZh')} rules={textRules}>
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid="clauses-text-zh" />
      </Form.Item>
      <Form.Item name="textEn" label={t('systemClauses:textEn')} rules={textRules}>
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid="clauses-text-en" />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {/* The placeholders are shown as they are typed, not filled in. */}
        {t('systemClauses:format', { operator: '{{operator}}', product: '{{product}}' })}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          disabled={!changed}
          data-testid="clauses-save"
        >
          {t('systemClauses:save')}
        </Button>
        <Button
          disabled={!changed || save.isPending}
          onClick={() => {
            form.setFieldsValue(initial);
            setChanged(false);
          }}
          data-testid="clauses-reset"
        >
          {t('systemClauses:discard')}
        </Button>
      </Space>
    </Form>
  );
}
