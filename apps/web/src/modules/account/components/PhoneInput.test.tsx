import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { cleanPhoneInput, EMPTY_PHONE, type PhoneValue, phoneProblem } from '../phone';
import { PhoneInput } from './PhoneInput';

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET account-service/system/profile/countryCodes', {
    json: [
      { code: '86', name: '中国', nameEn: 'China' },
      { code: '852', name: '中国香港', nameEn: 'Hong Kong, China' },
    ],
  });
});
afterAll(() => api.close());
beforeEach(() => configureHttp({ baseUrl: api.baseUrl }));

/** A controlled PhoneInput, as a form holds it; the value is mirrored for the test to read. */
function Harness({ seen, error }: { seen: { value: PhoneValue }; error?: string }) {
  const [value, setValue] = useState<PhoneValue>(EMPTY_PHONE);
  seen.value = value;
  return <PhoneInput value={value} onChange={setValue} error={error} id="phone" testIdPrefix="t-phone" />;
}

function renderHarness(error?: string) {
  const seen = { value: EMPTY_PHONE };
  renderRoutes({ '/': <Harness seen={seen} error={error} /> }, { path: '/' });
  return { seen, user: setupUser(), input: screen.getByTestId('t-phone-number') as HTMLInputElement };
}

describe('the phone rule (spec 000 §5)', () => {
  it('with 86: 1, then 3–9, then 9 more digits; the phone prompt when empty', () => {
    const cn = (phoneNumber: string) => phoneProblem({ countryCode: '86', phoneNumber });
    expect(cn('')).toBe('phoneRequired');
    expect(cn('13800138000')).toBeNull();
    expect(cn('19912345678')).toBeNull();
    expect(cn('12800138000')).toBe('phoneInvalid');
    expect(cn('1380013800')).toBe('phoneInvalid');
    expect(cn('23800138000')).toBe('phoneInvalid');
  });

  it('elsewhere: 5 to 15 digits', () => {
    expect(phoneProblem({ countryCode: '852', phoneNumber: '61234567' })).toBeNull();
    expect(phoneProblem({ countryCode: '852', phoneNumber: '1234' })).toBe('phoneInvalid');
  });

  it('keeps digits only, at most 11 with 86 and 15 elsewhere', () => {
    expect(cleanPhoneInput('138-0013 8000', '86')).toBe('13800138000');
    expect(cleanPhoneInput('+86 13800138000999', '86')).toBe('86138001380');
    expect(cleanPhoneInput('1234567890123456789', '852')).toBe('123456789012345');
  });
});

describe('PhoneInput', () => {
  it('drops everything but digits, typed or pasted', async () => {
    const { seen, user, input } = renderHarness();
    await user.type(input, '13a8-0');
    expect(input.value).toBe('1380');
    await user.clear(input);
    await user.click(input);
    await user.paste('138 0013-8000');
    expect(input.value).toBe('13800138000');
    expect(seen.value).toEqual({ countryCode: '86', phoneNumber: '13800138000' });
  });

  it('stops at 11 digits with 86', () => {
    const { input } = renderHarness();
    fireEvent.change(input, { target: { value: '138001380001234' } });
    expect(input.value).toBe('13800138000');
  });

  it('offers the country codes of the server and takes up to 15 digits for another country', async () => {
    const { seen, user, input } = renderHarness();
    const select = screen.getByTestId('t-phone-country');
    expect(select).toHaveTextContent('+86');
    await user.click(within(select).getByRole('combobox'));
    await user.click(await screen.findByTestId('t-phone-country-852'));
    await waitFor(() => expect(seen.value.countryCode).toBe('852'));
    fireEvent.change(input, { target: { value: '12345678901234567' } });
    expect(input.value).toBe('123456789012345');
  });

  it('marks the number as invalid when the form gives an error', () => {
    const { input } = renderHarness('手机号码错误');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'phone-error');
  });
});
