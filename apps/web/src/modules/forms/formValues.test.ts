import type { FormField } from '@lintel/contracts/forms';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { initialUiValues, problemsOf, problemText, validateForm } from './formValues';

const ID1 = '66d0000000000000000000a1';
const ID2 = '66d0000000000000000000a2';

const fields: FormField[] = [
  { kind: 'text', key: 'name', title: 'Name', required: true, default: 'x' },
  { kind: 'datetime', key: 'day', title: 'Day', dateType: 'date', default: 'now' },
  { kind: 'number', key: 'qty', title: 'Qty', precision: 1, min: 0, max: 10, default: 2 },
  { kind: 'image', key: 'photos', title: 'Photos', maxPictures: 3 },
  { kind: 'signature', key: 'sign', title: 'Sign' },
  { kind: 'text', key: 'locked', title: 'Locked', editable: false },
  {
    kind: 'subList',
    key: 'items',
    title: 'Items',
    minRows: 1,
    columns: [
      { kind: 'number', key: 'n', title: 'N', precision: 0, required: true },
      { kind: 'attachment', key: 'files', title: 'Files', maxFiles: 2 },
    ],
  },
  { kind: 'divider', key: 'line', title: 'Line', lineType: 'solid' },
];

describe('form values', () => {
  it('start a new form with the defaults and a sub-list its minimum rows', () => {
    const now = dayjs('2026-11-27T10:00:00');
    const values = initialUiValues(fields, null, [], now);
    expect(values).toEqual({
      name: 'x',
      day: '2026-11-27',
      qty: 2,
      photos: undefined,
      sign: undefined,
      locked: undefined,
      items: [{ n: undefined, files: undefined }],
    });
  });

  it('turn stored ids into uploads and back, and send only what the actor may change', () => {
    const stored = {
      name: 'A',
      photos: [ID1],
      sign: ID2,
      locked: 'kept',
      items: [{ n: 3, files: [ID2] }],
    };
    const ui = initialUiValues(fields, stored, [{ _id: ID2, name: 'plan.pdf', size: 10 }]);
    expect(ui.photos).toEqual([
      expect.objectContaining({ status: 'done', ref: `/api/v1/base-service/files/${ID1}` }),
    ]);
    expect((ui.items as { files: { name: string }[] }[])[0]?.files[0]?.name).toBe('plan.pdf');
    const { input, problems } = validateForm(fields, ui, { previous: stored });
    expect(problems).toEqual([]);
    expect(input).toEqual({
      name: 'A',
      day: null,
      qty: null,
      photos: [ID1],
      sign: ID2,
      items: [{ n: 3, files: [ID2] }],
    });
  });

  it("refuse with the contract's keys and paths, and name uploads still running or failed", () => {
    const ui = {
      name: '',
      qty: 1.25,
      photos: [{ uid: 'u', name: 'a.png', status: 'uploading' }],
      sign: { status: 'error', error: 'no' },
      items: [{ n: undefined }],
    };
    const { problems } = validateForm(fields, ui);
    expect(problems).toEqual([
      { key: 'forms.value.uploading', path: 'photos' },
      { key: 'forms.value.uploadFailed', path: 'sign' },
      { key: 'forms.value.required', path: 'name' },
      { key: 'forms.value.precision', path: 'qty', params: { precision: 1 } },
      { key: 'forms.value.required', path: 'items[0].n' },
    ]);
    expect(validateForm(fields, ui, { draft: true }).problems.map((p) => p.path)).toEqual([
      'photos',
      'sign',
      'qty',
    ]);
    expect(problemsOf(problems, 'items')).toEqual([{ key: 'forms.value.required', path: 'items[0].n' }]);
    expect(problemsOf(problems, 'item')).toEqual([]);
  });

  it('honour a node’s access: hidden and read-only fields are not sent, a required one is required', () => {
    const { input, problems } = validateForm(
      fields,
      { name: 'A', qty: 3 },
      { access: { name: 'hidden', qty: 'readonly', day: 'required' }, previous: { name: 'B', qty: 1 } },
    );
    expect(input).not.toHaveProperty('name');
    expect(input).not.toHaveProperty('qty');
    expect(problems).toEqual([
      { key: 'forms.value.required', path: 'day' },
      { key: 'forms.value.tooFew', path: 'items', params: { min: 1 } },
    ]);
  });

  it('word a range by the bounds it has', () => {
    const p = (min: number | string, max: number | string) =>
      problemText({ key: 'forms.value.outOfRange', path: 'q', params: { min, max } }).key;
    expect(p(1, 2)).toBe('value.outOfRange');
    expect(p(1, '')).toBe('value.tooSmall');
    expect(p('', 2)).toBe('value.tooBig');
    expect(problemText({ key: 'forms.value.required', path: 'q' })).toEqual({
      key: 'value.required',
      params: {},
    });
  });
});
