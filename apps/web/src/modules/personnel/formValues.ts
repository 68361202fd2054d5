import type { BloodType, Person, PersonnelCreate, PersonnelUpdate } from '@lintel/contracts/personnel';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { AttachmentItem } from '../../components/project/AttachmentsField';

/** The avatar as the form holds it: the stored file, and whether this form uploaded it. */
export interface AvatarValue {
  fileId: string;
  url: string;
  /** Uploaded by this form (not yet saved): removing it deletes the file too. */
  fresh: boolean;
}

export interface EducationValue {
  date: Dayjs | null;
  content: string;
  hours: number | null;
}

export interface PersonFormValues {
  name: string;
  idNumber: string;
  bloodType: BloodType;
  unitId: string | null;
  craftId: string | null;
  ruleId: string | null;
  team: string;
  teamContact: string;
  teamPhone: string;
  phone: string;
  certificates: string[];
  entryDate: Dayjs | null;
  avatar: AvatarValue | null;
  attachments: AttachmentItem[];
  safetyEducation: EducationValue[];
  remark: string;
}

/** The form's field names, where the server's field problems can be shown. */
export const PERSON_FORM_FIELDS = [
  'name',
  'idNumber',
  'bloodType',
  'unitId',
  'craftId',
  'ruleId',
  'team',
  'teamContact',
  'teamPhone',
  'phone',
  'certificates',
  'entryDate',
  'avatar',
  'attachments',
  'safetyEducation',
  'remark',
] as const;

export function emptyPersonValues(): PersonFormValues {
  return {
    name: '',
    idNumber: '',
    bloodType: 'unknown',
    unitId: null,
    craftId: null,
    ruleId: null,
    team: '',
    teamContact: '',
    teamPhone: '',
    phone: '',
    certificates: [],
    entryDate: dayjs(),
    avatar: null,
    attachments: [],
    safetyEducation: [],
    remark: '',
  };
}

/** An existing person as the form edits them. */
export function valuesOfPerson(person: Person): PersonFormValues {
  return {
    name: person.name,
    idNumber: person.idNumber,
    bloodType: person.bloodType,
    unitId: person.unit?.deleted ? null : person.unitId,
    craftId: person.craftId,
    ruleId: person.ruleId,
    team: person.team,
    teamContact: person.teamContact,
    teamPhone: person.teamPhone,
    phone: person.phone,
    certificates: person.certificates,
    entryDate: person.entryDate ? dayjs(person.entryDate) : null,
    avatar:
      person.avatar && person.avatarUrl
        ? { fileId: person.avatar, url: person.avatarUrl, fresh: false }
        : null,
    attachments: person.attachments.map((file) => ({
      uid: file._id,
      name: file.name,
      size: file.size,
      status: 'done' as const,
      percent: 100,
      fileId: file._id,
    })),
    safetyEducation: person.safetyEducation.map((record) => ({
      date: dayjs(record.date),
      content: record.content,
      hours: record.hours ?? null,
    })),
    remark: person.remark,
  };
}

const DAY = 'YYYY-MM-DD';

/** The fields every save sends (null clears an optional one). */
function fieldsOf(values: PersonFormValues) {
  return {
    name: values.name.trim(),
    idNumber: values.idNumber.trim(),
    bloodType: values.bloodType,
    unitId: values.unitId ?? '',
    craftId: values.craftId ?? null,
    ruleId: values.ruleId ?? null,
    team: values.team.trim(),
    teamContact: values.teamContact.trim(),
    teamPhone: values.teamPhone.trim(),
    phone: values.phone.trim(),
    certificates: values.certificates.map((c) => c.trim()).filter(Boolean),
    ...(values.entryDate ? { entryDate: values.entryDate.format(DAY) } : {}),
    avatar: values.avatar?.fileId ?? null,
    attachments: values.attachments.flatMap((item) => (item.fileId ? [item.fileId] : [])),
    safetyEducation: values.safetyEducation
      .filter((record) => record.date && record.content.trim())
      .map((record) => ({
        date: (record.date as Dayjs).format(DAY),
        content: record.content.trim(),
        ...(record.hours !== null && record.hours !== undefined ? { hours: record.hours } : {}),
      })),
    remark: values.remark.trim(),
  };
}

export function createBody(projectId: string, values: PersonFormValues): PersonnelCreate {
  return { projectId, ...fieldsOf(values) };
}

/**
 * The changes of an existing worker. A masked ID number or phone (issue 17) left as it came is not sent: the
 * server keeps the stored value.
 */
export function updateBody(values: PersonFormValues, person?: Person): PersonnelUpdate {
  const fields: PersonnelUpdate = fieldsOf(values);
  if (person?.masked) {
    if (fields.idNumber === person.idNumber) delete fields.idNumber;
    if (fields.phone === person.phone) delete fields.phone;
    if (fields.teamPhone === person.teamPhone) delete fields.teamPhone;
  }
  return fields;
}
