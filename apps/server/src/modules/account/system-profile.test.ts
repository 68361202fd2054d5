import { FALLBACK_COUNTRY_CODES, systemProfileSchema } from '@lintel/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';

const PROFILE = `${ACCOUNT}/system/profile`;

describe('system profile', () => {
  let t: TestApp;
  let admin: string;
  let demo: string;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        PRODUCT_NAME: '筑联协同',
        PRODUCT_NAME_EN: 'Zhulian',
        ICP: '京ICP备12345678号',
        I18N: '0',
        LOGOUT_TIME: '0',
        BUILD_DATE: '2026-11-20',
      },
    });
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    demo = await signIn(t.app, 'demo');
  });
  afterAll(() => t.close());

  it('answers the configured defaults with the version, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: PROFILE });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(systemProfileSchema.strict().parse(profile)).toEqual(profile);
    expect(profile).toMatchObject({
      productName: '筑联协同',
      productNameEn: 'Zhulian',
      icp: '京ICP备12345678号',
      i18n: false,
      logoutTime: 0,
      cloud: false,
      privacyNotice: true,
      passportLogin: false,
      methodOverride: false,
      version: '6.6.2',
      fallbackVersion: '6.6.1',
      buildDate: '2026-11-20',
      copyrightCompany: 'Lintel',
      extraInfo: '',
      downloads: { pc: '', revit: '', navisworks: '', ios: '', android: '' },
    });
  });

  it('refuses changes from visitors (401) and from non-administrators (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: PROFILE, payload: { productName: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, key: 'common.unauthenticated', message: '请先登录' });
    const user = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: demo },
      payload: { productName: 'x' },
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().key).toBe('common.forbidden');
    expect((await t.app.inject({ method: 'GET', url: PROFILE })).json().productName).toBe('筑联协同');
  });

  it('lets an administrator override fields; the overrides merge and survive', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: admin },
      payload: { productName: '白标产品', i18n: true },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ productName: '白标产品', i18n: true, productNameEn: 'Zhulian' });
    const second = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: admin },
      payload: {
        logoutTime: 30,
        downloads: { pc: '/files/pc.exe', revit: '', navisworks: '', ios: '', android: '' },
      },
    });
    expect(second.json()).toMatchObject({
      productName: '白标产品',
      logoutTime: 30,
      downloads: { pc: '/files/pc.exe' },
    });
    const read = (await t.app.inject({ method: 'GET', url: PROFILE })).json();
    expect(read).toMatchObject({ productName: '白标产品', i18n: true, logoutTime: 30, version: '6.6.2' });
  });

  it('refuses unknown or read-only fields and bad values', async () => {
    for (const payload of [
      { version: '9.9.9' },
      { buildDate: '2000-01-01' },
      { nonsense: 1 },
      { logoutTime: -1 },
      { cloud: 'yes' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: { cookie: admin },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().key).toBe('common.validation');
    }
    expect((await t.app.inject({ method: 'GET', url: PROFILE })).json().version).toBe('6.6.2');
  });

  it('answers the seeded country codes in order', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${PROFILE}/countryCodes` });
    expect(response.statusCode).toBe(200);
    const codes = response.json();
    expect(codes.map((c: { code: string }) => c.code)).toEqual([
      '86',
      '852',
      '853',
      '886',
      '1',
      '44',
      '65',
      '81',
      '82',
      '61',
    ]);
    expect(codes[0]).toEqual({ code: '86', name: '中国', nameEn: 'China' });
    expect(codes).toContainEqual({ code: '44', name: '英国', nameEn: 'United Kingdom' });
  });
});

describe('country codes without demo data', () => {
  it('fall back to 86 alone', async () => {
    const t = await buildTestApp({ env: { DEMO: '0' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: `${PROFILE}/countryCodes` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(FALLBACK_COUNTRY_CODES);
      expect(response.json()).toEqual([{ code: '86', name: '中国', nameEn: 'China' }]);
    } finally {
      await t.close();
    }
  });
});
