import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { accountKeys, clearSession, setSessionUser } from './api';
import {
  clearFlowState,
  FLOW_STORAGE_KEY,
  flowSatisfied,
  getFlowState,
  markResetFinished,
  readStoredFlow,
  setRegisterFlow,
  setResetFlow,
} from './flowState';

const phone = { phoneNumber: '13912345678', countryCode: '86', code: '123456' };

beforeEach(() => clearFlowState());

describe('the flow state of registration and reset', () => {
  it('is kept in sessionStorage so that a reload keeps the flow', () => {
    setRegisterFlow(phone);
    expect(JSON.parse(sessionStorage.getItem(FLOW_STORAGE_KEY)!)).toEqual({
      register: phone,
      reset: null,
      resetFinished: false,
    });
    expect(readStoredFlow()).toEqual(getFlowState());
    clearFlowState();
    expect(sessionStorage.getItem(FLOW_STORAGE_KEY)).toBeNull();
  });

  it('reads only well-formed stored parts', () => {
    const store = (value: string) => ({ getItem: () => value });
    expect(readStoredFlow(store('not json'))).toEqual({ register: null, reset: null, resetFinished: false });
    expect(readStoredFlow(store('null')).register).toBeNull();
    expect(readStoredFlow(store(JSON.stringify({ register: { ...phone, code: '' } }))).register).toBeNull();
    expect(readStoredFlow(store(JSON.stringify({ reset: phone }))).reset).toBeNull();
    expect(readStoredFlow(store(JSON.stringify({ reset: { ...phone, userId: 'u' } }))).reset).toEqual({
      ...phone,
      userId: 'u',
    });
    expect(readStoredFlow(store(JSON.stringify({ resetFinished: 'yes' }))).resetFinished).toBe(false);
  });

  it('answers the prerequisites of the guards', () => {
    expect(flowSatisfied('registerVerified')).toBe(false);
    setRegisterFlow(phone);
    expect(flowSatisfied('registerVerified')).toBe(true);
    setResetFlow({ ...phone, userId: 'u' });
    expect(flowSatisfied('resetVerified')).toBe(true);
    expect(flowSatisfied('resetFinished')).toBe(false);
    markResetFinished();
    // The reset data stays until /resetPassword is left, so its guard passes until the navigation commits.
    expect(flowSatisfied('resetVerified')).toBe(true);
    expect(flowSatisfied('resetFinished')).toBe(true);
    setResetFlow(null);
    expect(flowSatisfied('resetVerified')).toBe(false);
    expect(flowSatisfied('resetFinished')).toBe(true);
  });

  it('is cleared with the user (sign-out), but kept through the sign-in a flow makes', () => {
    const queryClient = new QueryClient();
    setRegisterFlow(phone);
    markResetFinished();
    setSessionUser(queryClient, makeUser());
    expect(getFlowState().register).toEqual(phone);
    expect(getFlowState().resetFinished).toBe(true);
    clearSession(queryClient);
    expect(getFlowState()).toEqual({ register: null, reset: null, resetFinished: false });
    expect(queryClient.getQueryData(accountKeys.session())).toBeNull();
  });
});
