export interface AccountLoginValues {
  name: string;
  password: string;
}

/** Which prompt each field shows (spec 000 §5): `required` for an empty account or password. */
export type AccountLoginErrors = Partial<Record<keyof AccountLoginValues, 'required'>>;

/** An account of only spaces counts as empty; a password is taken as typed. */
export function validateAccountLogin(values: AccountLoginValues): AccountLoginErrors {
  const errors: AccountLoginErrors = {};
  if (!values.name.trim()) errors.name = 'required';
  if (!values.password) errors.password = 'required';
  return errors;
}
