import type { Language } from '@lintel/contracts';
import type { FormDetail, FormField, SubListColumn } from '@lintel/contracts/forms';
import type { WorkflowLogEntry } from '@lintel/contracts/workflow';
import { type PrintImage, PrintPictures, type PrintRow, type PrintValue } from './docx';

/**
 * The data a print template is filled with (issue 18), from what the reader sees of the form: the form's
 * detail answers only the fields visible to the reader, so hidden fields never reach a printout.
 *
 * Placeholders: `{fieldKey}` (the value as people read it), `{#subKey}{columnKey}{/subKey}` (a row each),
 * `{@fieldKey}` for image and signature fields (the pictures), `{#log}{node} {actor} {action} {time}
 * {opinion}{@signature}{/log}` (the approval log), and the form's own `{_name}`, `{_template}`,
 * `{_initiator}`, `{_state}`, `{_createdAt}`, `{_submittedAt}`, `{_printedAt}`. Field keys start with a
 * letter, so the `_` names never clash with a field; a field keyed `log` is shadowed by the log.
 */

/** What the filler needs looked up: names of people, departments and files, and picture bytes. */
export interface PrintLookups {
  userNames: Map<string, string>;
  departmentNames: Map<string, string>;
  fileNames: Map<string, string>;
  images: Map<string, PrintImage>;
}

/** Texts of the printout in both languages (the log's actions, the seal, the states). */
const TEXTS: Record<
  Language,
  { actions: Record<string, string>; states: Record<string, string>; sealed: string; list: string }
> = {
  'zh-CN': {
    actions: {
      submit: '提交',
      pass: '通过',
      reject: '驳回',
      forward: '转交',
      addSigner: '加签',
      recall: '撤回',
      resubmit: '重新提交',
      comment: '评论',
      urge: '催办',
      close: '关闭',
      complete: '完成',
    },
    states: {
      init: '草稿',
      recall: '已撤回',
      reject: '已驳回',
      processing: '审批中',
      pending: '待处理',
      executed: '已执行',
      completed: '已完成',
      closed: '已关闭',
      settled: '已结算',
    },
    sealed: '已盖章',
    list: '、',
  },
  'en-US': {
    actions: {
      submit: 'Submitted',
      pass: 'Approved',
      reject: 'Rejected',
      forward: 'Forwarded',
      addSigner: 'Added a signer',
      recall: 'Recalled',
      resubmit: 'Resubmitted',
      comment: 'Commented',
      urge: 'Sent a reminder',
      close: 'Closed',
      complete: 'Completed',
    },
    states: {
      init: 'Draft',
      recall: 'Recalled',
      reject: 'Rejected',
      processing: 'In approval',
      pending: 'Pending',
      executed: 'Executed',
      completed: 'Completed',
      closed: 'Closed',
      settled: 'Settled',
    },
    sealed: 'Sealed',
    list: ', ',
  },
};

/**
 * Times print in China Standard Time: the platform's users are Chinese construction sites, and a printout
 * has no browser to take a zone from.
 */
const PRINT_TIME_ZONE = 'Asia/Shanghai';

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: PRINT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Every file id a form's values and log name (pictures to place, attachments to name). */
export function fileIdsOf(detail: Pick<FormDetail, 'fields' | 'values'>, log: WorkflowLogEntry[]) {
  const images = new Set<string>();
  const files = new Set<string>();
  const visit = (field: FormField | SubListColumn, value: unknown) => {
    if (field.kind === 'image' || field.kind === 'signature') for (const id of idsOf(value)) images.add(id);
    if (field.kind === 'attachment') for (const id of idsOf(value)) files.add(id);
  };
  for (const field of detail.fields) {
    const value = detail.values[field.key];
    if (field.kind === 'subList' && Array.isArray(value)) {
      for (const row of value as Record<string, unknown>[]) {
        for (const column of field.columns) visit(column, row?.[column.key]);
      }
    } else visit(field, value);
  }
  for (const entry of log) if (entry.opinion.signatureFileId) images.add(entry.opinion.signatureFileId);
  return { images, files };
}

/** Every person and department id a form's values name. */
export function peopleOf(detail: Pick<FormDetail, 'fields' | 'values'>) {
  const users = new Set<string>();
  const departments = new Set<string>();
  const visit = (field: FormField | SubListColumn, value: unknown) => {
    if (field.kind === 'person') for (const id of idsOf(value)) users.add(id);
    if (field.kind === 'department') for (const id of idsOf(value)) departments.add(id);
  };
  for (const field of detail.fields) {
    const value = detail.values[field.key];
    if (field.kind === 'subList' && Array.isArray(value)) {
      for (const row of value as Record<string, unknown>[]) {
        for (const column of field.columns) visit(column, row?.[column.key]);
      }
    } else visit(field, value);
  }
  return { users, departments };
}

function formatNumber(
  value: number,
  precision: number,
  unit: string | undefined,
  language: Language,
): string {
  const text = new Intl.NumberFormat(language, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  }).format(value);
  return unit ? `${text} ${unit}` : text;
}

/** One value as people read it; pictures for image and signature fields. */
function present(
  field: FormField | SubListColumn,
  value: unknown,
  lookups: PrintLookups,
  language: Language,
): PrintValue {
  const texts = TEXTS[language];
  const names = (ids: string[], from: Map<string, string>) =>
    ids
      .map((id) => from.get(id))
      .filter((name): name is string => Boolean(name))
      .join(texts.list);
  if (value === undefined || value === null) return field.kind === 'subList' ? [] : '';
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'datetime':
      return typeof value === 'string' ? value : '';
    case 'select':
      return field.options.find((option) => option.value === value)?.label ?? '';
    case 'multiSelect':
      return idsOf(value)
        .map((item) => field.options.find((option) => option.value === item)?.label)
        .filter((label): label is string => Boolean(label))
        .join(texts.list);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, field.precision, field.unit, language) : '';
    case 'person':
      return names(idsOf(value), lookups.userNames);
    case 'department':
      return names(idsOf(value), lookups.departmentNames);
    case 'attachment':
      return names(idsOf(value), lookups.fileNames);
    case 'image':
    case 'signature':
      return new PrintPictures(
        idsOf(value)
          .map((id) => lookups.images.get(id))
          .filter((image): image is PrintImage => image !== undefined),
      );
    case 'seal':
      return value === true ? texts.sealed : '';
    case 'address': {
      // Region codes print as given (the districts table is the web's); the detail is what people wrote.
      const { region, detail } = value as { region?: string[]; detail?: string | null };
      return [...(region ?? []), detail ?? ''].filter(Boolean).join(' ');
    }
    case 'subList':
      return Array.isArray(value)
        ? (value as Record<string, unknown>[]).map((row) => {
            const out: PrintRow = {};
            for (const column of field.columns) {
              out[column.key] = present(column, row?.[column.key], lookups, language);
            }
            return out;
          })
        : [];
    default:
      return '';
  }
}

export interface PrintSubject {
  detail: FormDetail;
  log: WorkflowLogEntry[];
  templateName: string;
  printedAt: Date;
}

export function printData(
  { detail, log, templateName, printedAt }: PrintSubject,
  lookups: PrintLookups,
  language: Language,
): PrintRow {
  const texts = TEXTS[language];
  const data: PrintRow = {};
  for (const field of detail.fields) {
    if (field.kind === 'description' || field.kind === 'divider') continue;
    data[field.key] = present(field, detail.values[field.key], lookups, language);
  }
  data.log = log.map((entry) => {
    const signature = entry.opinion.signatureFileId
      ? lookups.images.get(entry.opinion.signatureFileId)
      : undefined;
    return {
      node: entry.nodeName ?? '',
      actor: entry.actorId ? (lookups.userNames.get(entry.actorId) ?? '') : '',
      action: texts.actions[entry.action] ?? entry.action,
      time: formatTime(entry.at),
      opinion: entry.opinion.text ?? '',
      signature: new PrintPictures(signature ? [signature] : []),
    };
  });
  data._name = detail.name;
  data._template = templateName;
  data._initiator = lookups.userNames.get(detail.initiatorId) ?? '';
  data._state = texts.states[detail.state] ?? detail.state;
  data._createdAt = formatTime(detail.createdAt);
  data._submittedAt = formatTime(detail.submittedAt);
  data._printedAt = formatTime(printedAt.toISOString());
  return data;
}

/** The placeholders a template's fields offer, for the settings screen's help list. */
export interface Placeholder {
  key: string;
  title: string;
  kind: string;
  /** How it is written in the Word file. */
  usage: string;
  columns?: Placeholder[];
}

export function placeholdersOf(fields: readonly FormField[], language: Language): Placeholder[] {
  const own = (key: string, title: string): Placeholder => ({ key, title, kind: 'form', usage: `{${key}}` });
  const zh = language === 'zh-CN';
  const usageOf = (field: FormField | SubListColumn) =>
    field.kind === 'image' || field.kind === 'signature' ? `{@${field.key}}` : `{${field.key}}`;
  const list: Placeholder[] = fields
    .filter((field) => field.kind !== 'description' && field.kind !== 'divider')
    .map((field) =>
      field.kind === 'subList'
        ? {
            key: field.key,
            title: field.title,
            kind: field.kind,
            usage: `{#${field.key}}…{/${field.key}}`,
            columns: field.columns.map((column) => ({
              key: column.key,
              title: column.title,
              kind: column.kind,
              usage: usageOf(column),
            })),
          }
        : { key: field.key, title: field.title, kind: field.kind, usage: usageOf(field) },
    );
  list.push(
    {
      key: 'log',
      title: zh ? '审批记录' : 'Approval log',
      kind: 'log',
      usage: '{#log}…{/log}',
      columns: [
        own('node', zh ? '节点' : 'Step'),
        own('actor', zh ? '处理人' : 'By'),
        own('action', zh ? '操作' : 'Action'),
        own('time', zh ? '时间' : 'Time'),
        own('opinion', zh ? '意见' : 'Opinion'),
        { key: 'signature', title: zh ? '签名' : 'Signature', kind: 'signature', usage: '{@signature}' },
      ],
    },
    own('_name', zh ? '表单名称' : 'Form name'),
    own('_template', zh ? '表单模板' : 'Form template'),
    own('_initiator', zh ? '发起人' : 'Initiator'),
    own('_state', zh ? '状态' : 'State'),
    own('_createdAt', zh ? '创建时间' : 'Created'),
    own('_submittedAt', zh ? '提交时间' : 'Submitted'),
    own('_printedAt', zh ? '打印时间' : 'Printed'),
  );
  return list;
}
