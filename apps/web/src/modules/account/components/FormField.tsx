import type { ReactNode } from 'react';

interface FormFieldProps {
  /** id of the control; the error text gets `<id>-error` (point the control's aria-describedby at it). */
  id: string;
  label: ReactNode;
  /** The field's error text; shown under the control, announced. */
  error?: string | null;
  /** A neutral help text, shown when there is no error. */
  help?: ReactNode;
  /** Test id of the error text. */
  errorTestId?: string;
  children: ReactNode;
}

/**
 * One labelled field of the account screens, looking like antd's Form.Item (label on top, the error in red
 * under the control) without antd's Form engine: each screen validates with the pure rules of the contracts.
 */
export function FormField({ id, label, error, help, errorTestId, children }: FormFieldProps) {
  return (
    <div className="login-form__field">
      <label className="login-form__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="login-form__explain" role="alert" data-testid={errorTestId}>
          {error}
        </div>
      ) : help ? (
        <div className="account-form__help">{help}</div>
      ) : null}
    </div>
  );
}
