import {
  ENGINEERING_TYPE_OPTIONS,
  type EngineeringTypeOption,
  type ProfilePayload,
  SEX,
  type Sex,
  type User,
  WORK_OPTIONS,
  type WorkOption,
} from '@lintel/contracts/account';

/** The profile form as it is being filled (registration step 2). */
export interface ProfileValues {
  sex: Sex;
  company: string;
  position: string;
  city: string | undefined;
  work: WorkOption | undefined;
  project: EngineeringTypeOption | undefined;
}

/** The fields spec 000 §5 requires ('all info required' when one is missing), in form order. */
export const REQUIRED_PROFILE_FIELDS = ['company', 'position', 'city', 'work', 'project'] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

const isWork = (value: string | null): value is WorkOption =>
  (WORK_OPTIONS as readonly string[]).includes(value ?? '');
const isEngineeringType = (value: string | null): value is EngineeringTypeOption =>
  (ENGINEERING_TYPE_OPTIONS as readonly string[]).includes(value ?? '');

/** What the user has saved so far; male until a sex is chosen (the form always sends one). */
export function profileValuesOf(user: User): ProfileValues {
  return {
    sex: user.sex ?? SEX.male,
    company: user.company ?? '',
    position: user.position ?? '',
    city: user.city || undefined,
    work: isWork(user.work) ? user.work : undefined,
    project: isEngineeringType(user.project) ? user.project : undefined,
  };
}

/** The required fields left empty (blank text counts as empty). */
export function missingProfileFields(values: ProfileValues): RequiredProfileField[] {
  return REQUIRED_PROFILE_FIELDS.filter((field) => {
    const value = values[field];
    return value === undefined || value.trim() === '';
  });
}

/** The payload of PUT users/{id}; only called once nothing is missing. */
export function profilePayloadOf(values: ProfileValues): ProfilePayload {
  return {
    sex: values.sex,
    company: values.company.trim(),
    position: values.position.trim(),
    city: values.city ?? '',
    work: values.work ?? 'other',
    project: values.project ?? 'other',
  };
}
