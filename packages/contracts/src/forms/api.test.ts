import { describe, expect, it } from 'vitest';
import {
  formActionSchema,
  formCreateSchema,
  formsQuerySchema,
  formTemplateCreateSchema,
  formTemplateUpdateSchema,
} from './api';

const ID = '0123456789abcdef01234567';

describe('form-service contracts', () => {
  it('fill in a new template’s defaults and accept only project (custom) templates for now', () => {
    expect(formTemplateCreateSchema.parse({ name: ' 日报 ' })).toEqual({
      name: '日报',
      groupId: null,
      description: '',
      kind: 'workflow',
      scope: 'custom',
      status: 'enabled',
      fields: [],
      workflowTemplateId: null,
      settlers: [],
      fieldAccess: {},
    });
    expect(formTemplateCreateSchema.safeParse({ name: '日报', scope: 'common' }).success).toBe(false);
    const access = formTemplateCreateSchema.safeParse({
      name: 'x',
      fieldAccess: { review: { a: 'secret' } },
    });
    expect(access.success).toBe(false);
    expect(formTemplateUpdateSchema.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('take the engine’s actions and settle as one action body, refusing unknown fields', () => {
    expect(formActionSchema.parse({ action: 'settle', revision: 3 })).toEqual({
      action: 'settle',
      revision: 3,
    });
    expect(formActionSchema.parse({ action: 'reject', target: 'start' })).toEqual({
      action: 'reject',
      target: 'start',
    });
    expect(formActionSchema.safeParse({ action: 'pass', values: {} }).success).toBe(false);
    expect(formActionSchema.safeParse({ action: 'approve' }).success).toBe(false);
  });

  it('default a form to a draft and the list to every readable form, 20 at a time', () => {
    expect(formCreateSchema.parse({ templateId: ID })).toEqual({ templateId: ID, values: {}, submit: false });
    expect(formsQuerySchema.parse({})).toEqual({ filter: 'all', skip: 0, limit: 20 });
    expect(formsQuerySchema.parse({ filter: 'todo', only_count: 'true', limit: '5' })).toMatchObject({
      filter: 'todo',
      only_count: true,
      limit: 5,
    });
    expect(formsQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
    expect(formsQuerySchema.safeParse({ state: 'draft' }).success).toBe(false);
  });
});
