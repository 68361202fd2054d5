import { describe, expect, it } from 'vitest';
import { ENTERPRISE_PLANS, PLAN_LIMITS, QUOTA_FIELDS, quotaProblem } from './index';

const GIB = 1024 ** 3;

describe('quotaProblem', () => {
  it('refuses quotas outside the bounds, over the plan, or unlimited on a plan with a ceiling', () => {
    expect(quotaProblem('standard', 'accountCapacity', 0)).toEqual({
      field: 'accountCapacity',
      reason: 'tooLow',
      limit: 1,
    });
    expect(quotaProblem('enterprise', 'accountCapacity', 100_001)).toMatchObject({
      reason: 'tooHigh',
      limit: 100_000,
    });
    expect(quotaProblem('standard', 'accountCapacity', 101)).toMatchObject({
      reason: 'overPlan',
      limit: 100,
    });
    expect(quotaProblem('standard', 'projectLimit', null)).toEqual({
      field: 'projectLimit',
      reason: 'unlimitedNotInPlan',
    });
    expect(quotaProblem('trial', 'spaceCapacity', 2 * GIB)).toMatchObject({ reason: 'overPlan', limit: GIB });
    expect(quotaProblem('professional', 'spaceCapacity', GIB - 1)).toMatchObject({
      reason: 'tooLow',
      limit: GIB,
    });
    expect(quotaProblem('enterprise', 'spaceCapacity', null)).toBeNull();
    expect(quotaProblem('standard', 'accountCapacity', 100)).toBeNull();
  });

  it("accepts every plan's own defaults", () => {
    for (const plan of ENTERPRISE_PLANS) {
      for (const field of QUOTA_FIELDS) {
        expect(quotaProblem(plan, field, PLAN_LIMITS[plan].defaults[field]), `${plan} ${field}`).toBeNull();
      }
    }
  });
});
