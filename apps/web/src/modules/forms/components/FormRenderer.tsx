import type { FormField } from '@lintel/contracts/forms';
import type { FieldAccess } from '@lintel/contracts/workflow';
import { Divider, Form, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useIsPhone } from '../../../lib/useIsPhone';
import {
  accessOf,
  initialUiValues,
  type KnownFile,
  problemsOf,
  type RendererProblem,
  type UiValues,
  type ValidatedForm,
  validateForm,
} from '../formValues';
import '../locales';
import '../forms.css';
import { FieldControl } from './FieldControl';
import { FieldDisplay } from './FieldDisplay';
import { useProblemMessage } from './ProblemText';
import { SubListField } from './SubListField';

export interface FormRendererProps {
  fields: readonly FormField[];
  projectId: string;
  /** `detail`: every field as text (the detail page); `edit`: controls where the actor may edit. */
  mode?: 'edit' | 'detail';
  /** The actor's access per field key (a workflow node's field authorisation); else the template's own. */
  access?: Readonly<Record<string, FieldAccess>>;
  values: Readonly<UiValues>;
  onChange?: (key: string, value: unknown) => void;
  problems?: readonly RendererProblem[];
  /** `phone`: the phone layout whatever the window (the designer's 390 px preview). */
  layout?: 'auto' | 'phone';
  testId?: string;
}

/**
 * A form template's fields as a form: one column, every kind with its properties, each field as its access
 * says (hidden: not there; read-only: its value as text; required: marked). The problems are the contract's
 * (checkFormValues, the server's own check), shown on their fields in the reader's language.
 */
export function FormRenderer({
  fields,
  projectId,
  mode = 'edit',
  access,
  values,
  onChange,
  problems = [],
  layout = 'auto',
  testId = 'form-renderer',
}: FormRendererProps) {
  const windowPhone = useIsPhone();
  const phone = layout === 'phone' || windowPhone;
  const message = useProblemMessage();
  return (
    <Form
      layout="vertical"
      component="div"
      className={`forms-renderer${phone ? ' forms-renderer--phone' : ''}`}
      data-testid={testId}
      data-layout={phone ? 'phone' : 'desktop'}
    >
      {fields.map((field) => {
        const fieldAccess = accessOf(field, access);
        if (fieldAccess === 'hidden') return null;
        const fieldTestId = `field-${field.key}`;
        if (field.kind === 'description') {
          return (
            <div key={field.key} className="forms-description" data-testid={fieldTestId}>
              {field.hideTitle ? null : <Typography.Title level={5}>{field.title}</Typography.Title>}
              <Typography.Paragraph className="forms-display__text">{field.content}</Typography.Paragraph>
            </div>
          );
        }
        if (field.kind === 'divider') {
          return (
            <Divider
              key={field.key}
              variant={field.lineType}
              titlePlacement="start"
              data-testid={fieldTestId}
            >
              {field.hideTitle ? null : field.title}
            </Divider>
          );
        }
        const readOnly = mode === 'detail' || fieldAccess === 'readonly';
        const own = problemsOf(problems, field.key);
        // A sub-list's cells show their own problems; the list shows the rest (rows too few or too many).
        const shown = own.filter((problem) => !problem.path.startsWith(`${field.key}[`));
        const id = `form-field-${field.key}`;
        const value = values[field.key];
        return (
          <Form.Item
            key={field.key}
            label={field.hideTitle ? undefined : field.title}
            htmlFor={id}
            required={!readOnly && fieldAccess === 'required'}
            validateStatus={shown.length > 0 ? 'error' : undefined}
            help={
              shown.length > 0 ? (
                <span role="alert" data-testid={`problem-${field.key}`}>
                  {shown.map((problem) => message(problem, field.title)).join('; ')}
                </span>
              ) : undefined
            }
            extra={!readOnly && field.description ? field.description : undefined}
            data-testid={fieldTestId}
            data-access={readOnly ? 'readonly' : fieldAccess}
            className="forms-item"
          >
            {field.kind === 'subList' ? (
              <SubListField
                field={field}
                projectId={projectId}
                rows={(value as Record<string, unknown>[] | undefined) ?? []}
                onChange={(rows) => onChange?.(field.key, rows)}
                problems={own}
                phone={phone}
                readOnly={readOnly}
                testId={`${fieldTestId}-list`}
              />
            ) : readOnly ? (
              <FieldDisplay
                field={field}
                value={value}
                projectId={projectId}
                testId={`${fieldTestId}-value`}
              />
            ) : (
              <FieldControl
                field={field}
                projectId={projectId}
                value={value}
                onChange={(next) => onChange?.(field.key, next)}
                id={id}
                testId={`${fieldTestId}-input`}
                invalid={shown.length > 0}
              />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );
}

export interface FormFillOptions {
  /** The form as stored (editing a draft, or a handler's node): its values and its files' names. */
  stored?: Readonly<Record<string, unknown>> | null;
  files?: readonly KnownFile[];
  access?: Readonly<Record<string, FieldAccess>>;
}

/**
 * The state of a form being filled in: the controls' values, the problems shown, and `validate` (the
 * contract's check) that answers what to send. A field's problems go when it changes.
 */
export function useFormFill(fields: readonly FormField[], { stored, files, access }: FormFillOptions = {}) {
  const [values, setValues] = useState<UiValues>(() => initialUiValues(fields, stored, files));
  const [problems, setProblems] = useState<RendererProblem[]>([]);
  const onChange = useCallback((key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) =>
      current.filter(
        (problem) =>
          problem.path !== key && !problem.path.startsWith(`${key}.`) && !problem.path.startsWith(`${key}[`),
      ),
    );
  }, []);
  const validate = useCallback(
    (draft = false): ValidatedForm => {
      const result = validateForm(fields, values, { access, previous: stored ?? undefined, draft });
      setProblems(result.problems);
      return result;
    },
    [fields, values, access, stored],
  );
  return { values, problems, onChange, validate, setProblems };
}

/** A stored form read-only (the detail page), through the same renderer. */
export function FormDetail({
  fields,
  projectId,
  stored,
  files,
  access,
  layout,
}: {
  fields: readonly FormField[];
  projectId: string;
  stored: Readonly<Record<string, unknown>>;
  files?: readonly KnownFile[];
  access?: Readonly<Record<string, FieldAccess>>;
  layout?: 'auto' | 'phone';
}) {
  const values = useMemo(() => initialUiValues(fields, stored, files), [fields, stored, files]);
  return (
    <FormRenderer
      fields={fields}
      projectId={projectId}
      mode="detail"
      access={access}
      values={values}
      layout={layout}
      testId="form-detail"
    />
  );
}
