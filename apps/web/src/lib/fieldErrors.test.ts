import type { ErrorBody } from '@lintel/contracts';
import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { fieldNamedByKey, showFieldErrors } from './fieldErrors';
import { HttpError } from './http';

function fakeForm() {
  return { setFields: vi.fn(), scrollToField: vi.fn() };
}

function refusal(key: string, message: string, details?: ErrorBody['details']) {
  return new HttpError(400, { code: 400, key, message, ...(details ? { details } : {}) }, true);
}

describe('showFieldErrors', () => {
  it('puts each detail at the field it names, dropping the request part of the path', () => {
    const form = fakeForm();
    const error = refusal('validation.failed', 'invalid', [
      { path: 'body.name', key: 'k', message: 'too long' },
      { path: 'images[0]', key: 'k', message: 'not an image' },
      { path: 'body.name', key: 'k', message: 'required' },
      { path: 'body.unknown', key: 'k', message: 'ignored' },
    ]);
    expect(showFieldErrors(form as unknown as FormInstance, error, ['name', 'images'])).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([
      { name: 'name', errors: ['too long', 'required'] },
      { name: 'images', errors: ['not an image'] },
    ]);
    expect(form.scrollToField).toHaveBeenCalledWith('name');
  });

  it('without details, puts the message at the field the error key names', () => {
    const form = fakeForm();
    const error = refusal('personnel.idNumberTaken', 'already registered');
    expect(showFieldErrors(form as unknown as FormInstance, error, ['name', 'idNumber'])).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'idNumber', errors: ['already registered'] }]);
  });

  it('answers false for a problem no field claims, and for errors that are not HTTP refusals', () => {
    const form = fakeForm();
    expect(
      showFieldErrors(form as unknown as FormInstance, refusal('topics.completed', 'done'), ['name']),
    ).toBe(false);
    expect(showFieldErrors(form as unknown as FormInstance, new Error('offline'), ['name'])).toBe(false);
    expect(form.setFields).not.toHaveBeenCalled();
  });
});

describe('fieldNamedByKey', () => {
  it('matches whole camelCase words only', () => {
    expect(fieldNamedByKey('attendance.outBeforeIn', ['status', 'in', 'out'])).toBe('out');
    expect(fieldNamedByKey('attendance.reasonRequired', ['in', 'reason'])).toBe('reason');
    expect(fieldNamedByKey('personnel.phoneInvalid', ['teamPhone', 'phone'])).toBe('phone');
    expect(fieldNamedByKey('topics.mentionNotMember', ['mentions'])).toBeUndefined();
  });
});
