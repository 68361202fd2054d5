import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { fitsBudget, loadErrorKind } from './useModelLoading';

const http = (status: number) => new HttpError(status, { code: status, key: 'x', message: 'x' }, true);

describe('opening models', () => {
  it('tells deleted, forbidden, not ready and other failures apart', () => {
    expect(loadErrorKind(http(410))).toBe('deleted');
    expect(loadErrorKind(http(403))).toBe('noPermission');
    expect(loadErrorKind(http(404))).toBe('noPermission');
    expect(loadErrorKind(http(409))).toBe('notReady');
    expect(loadErrorKind(http(500))).toBe('error');
    expect(loadErrorKind(new TypeError('Failed to fetch'))).toBe('error');
  });

  it('refuses a model that would take the open models over the limit', () => {
    expect(fitsBudget(100, [], 100)).toBe(true);
    expect(fitsBudget(60, [40], 100)).toBe(true);
    expect(fitsBudget(61, [40], 100)).toBe(false);
    expect(fitsBudget(101, [], 100)).toBe(false);
  });
});
