import type {
  ContactSheet,
  ContactSheetAttachment,
  ContactSheetType,
  ContactSheetUpdate,
} from '@lintel/contracts/contactsheets';
import dayjs, { type Dayjs } from 'dayjs';
import type { AttachmentItem } from '../../components/project/AttachmentsField';
import { isHttpError } from '../../lib/http';

/** The attachments of the form: files the sheet already has, and files uploaded in this form. */
export interface SheetAttachments {
  kept: ContactSheetAttachment[];
  added: AttachmentItem[];
}

export interface SheetFormValues {
  type: ContactSheetType;
  title: string;
  senderUnit: string;
  receivers: string[];
  cc: string[];
  replyNeeded: boolean;
  replyDeadline: Dayjs | null;
  content: string;
  attachments: SheetAttachments;
}

export const EMPTY_VALUES: SheetFormValues = {
  type: 'contact',
  title: '',
  senderUnit: '',
  receivers: [],
  cc: [],
  replyNeeded: false,
  replyDeadline: null,
  content: '',
  attachments: { kept: [], added: [] },
};

/** The form filled with a sheet being edited. */
export function valuesOf(sheet: ContactSheet): SheetFormValues {
  return {
    type: sheet.type,
    title: sheet.title,
    senderUnit: sheet.senderUnit,
    receivers: sheet.receivers,
    cc: sheet.cc,
    replyNeeded: sheet.replyNeeded,
    replyDeadline: sheet.replyDeadline ? dayjs(sheet.replyDeadline) : null,
    content: sheet.content,
    attachments: { kept: sheet.attachments, added: [] },
  };
}

/** The editable fields as the server takes them (POST adds projectId and type, PUT sends them as is). */
export function bodyOf(
  values: SheetFormValues,
): Required<Omit<ContactSheetUpdate, 'name' | 'modelId' | 'viewportId' | 'selectionSetId'>> {
  const { kept, added } = values.attachments;
  return {
    title: values.title.trim(),
    content: values.content,
    receivers: values.receivers,
    cc: values.cc,
    senderUnit: values.senderUnit.trim() || null,
    replyNeeded: values.replyNeeded,
    replyDeadline:
      values.replyNeeded && values.replyDeadline ? values.replyDeadline.format('YYYY-MM-DD') : null,
    attachments: [
      ...kept.map((file) => file._id),
      ...added.flatMap((item) => (item.fileId ? [item.fileId] : [])),
    ],
  };
}

/** The form field a server field belongs to (`name` is the title's other spelling). */
const FIELD_OF: Record<string, keyof SheetFormValues> = {
  title: 'title',
  name: 'title',
  content: 'content',
  receivers: 'receivers',
  cc: 'cc',
  senderUnit: 'senderUnit',
  replyNeeded: 'replyNeeded',
  replyDeadline: 'replyDeadline',
  attachments: 'attachments',
  type: 'type',
};

/** Rule keys the server may answer without details, and the field each is about. */
const FIELD_OF_KEY: Record<string, keyof SheetFormValues> = {
  'contactsheets.illegalCharacters': 'title',
  'contactsheets.ccOverlapsReceivers': 'cc',
  'contactsheets.deadlineWithoutReply': 'replyDeadline',
};

export interface FieldError {
  name: keyof SheetFormValues;
  errors: string[];
}

/**
 * The server's refusal as field errors: each validation detail (`body.title`, `body.receivers.0`, …) at its
 * field; a rule refused without details at the field the rule is about. Empty when it is about no field.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isHttpError(error) || error.status !== 400) return [];
  const byField = new Map<keyof SheetFormValues, string[]>();
  const add = (name: keyof SheetFormValues | undefined, text: string) => {
    if (!name) return;
    byField.set(name, [...(byField.get(name) ?? []), text]);
  };
  for (const detail of error.body.details ?? []) {
    const [, field] = detail.path.split('.');
    add(FIELD_OF[field ?? ''] ?? FIELD_OF_KEY[detail.key], detail.message);
  }
  if (byField.size === 0) add(FIELD_OF_KEY[error.body.key], error.body.message);
  return [...byField].map(([name, errors]) => ({ name, errors: [...new Set(errors)] }));
}
