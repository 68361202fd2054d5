import '../locales';
import '../personnel.css';
import type { Person, PersonSensitive } from '@lintel/contracts/personnel';
import { App, Button, Card, Form, Result, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { uploadsFailed, uploadsPending } from '../../../components/project/AttachmentsField';
import { UnsavedChangesProvider, useUnsavedChanges } from '../../../components/UnsavedChanges';
import { errorMessage } from '../../../lib/errors';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { isHttpError } from '../../../lib/http';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useCreatePerson, usePerson, usePersonnelRight, useUpdatePerson } from '../api';
import { PersonForm } from '../components/PersonForm';
import { SensitiveReveal } from '../components/SensitiveReveal';
import {
  createBody,
  emptyPersonValues,
  PERSON_FORM_FIELDS,
  type PersonFormValues,
  updateBody,
  valuesOfPerson,
} from '../formValues';
import { personnelPath, personPath } from '../paths';

/** /projects/:projectId/personnel/new and …/personnel/:personId/edit — register a worker, or change one. */
export default function PersonFormPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        {/* Leaving with unsaved changes asks first (links, the menu, back/forward, closing the tab). */}
        <UnsavedChangesProvider>
          <PersonFormScreen />
        </UnsavedChangesProvider>
      </WorkbenchLayout>
    </App>
  );
}

function PersonFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { personId } = useParams();
  const { projectId } = useCurrentProject();
  const right = usePersonnelRight(projectId, personId ? 'edit' : 'create');
  const person = usePerson(projectId, personId ?? '');
  const back = () => void navigate(personId ? personPath(projectId, personId) : personnelPath(projectId));

  const refusal = (title: string, testId: string, status: '403' | '404' = '403') => (
    <Result
      status={status}
      title={title}
      extra={<Button onClick={back}>{t('personnel:action.back')}</Button>}
      data-testid={testId}
    />
  );

  if (right.isPending || (personId && person.isPending)) return <PageSpinner />;
  if (right.data !== true) return refusal(t('personnel:form.noRight'), 'person-no-right');
  if (!personId) return <PersonFormBody projectId={projectId} />;
  if (person.isError) {
    if (isHttpError(person.error) && person.error.status === 404)
      return refusal(t('personnel:detail.notFound'), 'person-not-found', '404');
    return (
      <ErrorState
        title={t('personnel:detail.error')}
        description={errorMessage(person.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void person.refetch()}
        busy={person.isFetching}
        testId="person-error"
      />
    );
  }
  return <PersonFormBody projectId={projectId} person={person.data} />;
}

function PersonFormBody({ projectId, person }: { projectId: string; person?: Person }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PersonFormValues>();
  const unsaved = useUnsavedChanges();
  const create = useCreatePerson(projectId);
  const update = useUpdatePerson(projectId);
  const initialValues = useMemo(() => (person ? valuesOfPerson(person) : emptyPersonValues()), [person]);
  // A holder of viewSensitive may load the full values into the form (one audited view) to correct them.
  const canReveal = usePersonnelRight(projectId, 'viewSensitive').data === true;
  const [full, setFull] = useState<PersonSensitive | null>(null);
  const reveal = (values: PersonSensitive | null) => {
    if (!values) return;
    setFull(values);
    form.setFieldsValue({ idNumber: values.idNumber, phone: values.phone, teamPhone: values.teamPhone });
  };

  const submit = async (values: PersonFormValues) => {
    if (uploadsPending(values.attachments)) {
      void message.warning(t('personnel:form.uploading'));
      return;
    }
    if (uploadsFailed(values.attachments)) {
      void message.error(t('personnel:form.uploadFailed'));
      return;
    }
    try {
      const saved = person
        ? await update.mutateAsync({ id: person._id, ...updateBody(values, person) })
        : await create.mutateAsync(createBody(projectId, values));
      void message.success(person ? t('personnel:form.saved') : t('personnel:form.created'));
      unsaved.setDirty(false);
      void navigate(personPath(projectId, saved._id));
    } catch (error) {
      if (!showFieldErrors(form, error, PERSON_FORM_FIELDS)) void message.error(errorMessage(error, t));
    }
  };

  return (
    <div data-testid="person-form-page">
      <Card variant="borderless">
        <Typography.Title level={3}>
          {person ? t('personnel:form.editTitle', { name: person.name }) : t('personnel:form.createTitle')}
        </Typography.Title>
        <PersonForm
          form={form}
          projectId={projectId}
          initialValues={initialValues}
          submitting={create.isPending || update.isPending}
          onSubmit={(values) => void submit(values)}
          onCancel={() =>
            void navigate(person ? personPath(projectId, person._id) : personnelPath(projectId))
          }
          onChange={() => unsaved.setDirty(true)}
          masked={
            person?.masked && !full
              ? {
                  idNumber: person.idNumber,
                  phone: person.phone,
                  teamPhone: person.teamPhone,
                  age: person.age,
                }
              : undefined
          }
          reveal={
            person && canReveal ? (
              <SensitiveReveal person={person} shown={full} onChange={reveal} hideable={false} />
            ) : null
          }
        />
      </Card>
    </div>
  );
}
