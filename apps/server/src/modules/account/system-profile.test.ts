import { FALLBACK_COUNTRY_CODES, systemProfileSchema } from '@lintel/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { GIF, HTML, makePng, SVG } from '../../../test/images';

const PROFILE = `${ACCOUNT}/system/profile`;
const AUDIT = '/api/v1/audit-service/entries?action=systemProfile.updated';

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

  it("refuses unknown or read-only fields and bad values, in the request's language", async () => {
    const cases: Array<[Record<string, unknown>, string?]> = [
      [{ version: '9.9.9' }],
      [{ buildDate: '2000-01-01' }],
      [{ nonsense: 1 }],
      [{ logoutTime: -1 }],
      [{ cloud: 'yes' }],
      [{ productName: '' }],
      [{ productName: 'x'.repeat(41) }],
      [{ extraInfo: 'x'.repeat(301) }],
      [{ icp: '12345678' }, 'system.badIcp'],
      [{ logoUrl: 'javascript:alert(1)' }, 'system.badUrl'],
      [{ logoUrl: '//evil.example/x.png' }, 'system.badUrl'],
      [
        { downloads: { pc: 'javascript:alert(1)', revit: '', navisworks: '', ios: '', android: '' } },
        'system.badUrl',
      ],
    ];
    for (const [payload, detailKey] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: PROFILE,
        headers: { cookie: admin },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().key).toBe('common.validation');
      if (detailKey) expect(response.json().details[0].key, JSON.stringify(payload)).toBe(detailKey);
    }
    const english = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: admin, 'accept-language': 'en-US' },
      payload: { icp: 'ICP 123' },
    });
    expect(english.json().message).toBe('Write the ICP number as filed, e.g. 京ICP备12345678号-1');
    const read = (await t.app.inject({ method: 'GET', url: PROFILE })).json();
    expect(read).toMatchObject({ version: '6.6.2', icp: '京ICP备12345678号' });
  });

  it('accepts ICP numbers as filed and site links, records each change in the audit log', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: admin },
      payload: {
        icp: '粤ICP备2021012345号-2',
        copyrightCompanyEn: 'Zhulian Ltd',
        downloads: {
          pc: 'https://dl.example.com/pc.exe',
          revit: '/files/revit.zip',
          navisworks: '',
          ios: '',
          android: '',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      icp: '粤ICP备2021012345号-2',
      copyrightCompanyEn: 'Zhulian Ltd',
    });
    const entries = (await t.app.inject({ method: 'GET', url: AUDIT, headers: { cookie: admin } })).json();
    expect(entries[0]).toMatchObject({
      action: 'systemProfile.updated',
      targetType: 'systemProfile',
      detail: { fields: 'copyrightCompanyEn,icp,downloads', icp: '粤ICP备2021012345号-2' },
    });
    // The same values again change nothing and record nothing.
    const count = entries.length;
    await t.app.inject({
      method: 'POST',
      url: PROFILE,
      headers: { cookie: admin },
      payload: { icp: '粤ICP备2021012345号-2' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: AUDIT, headers: { cookie: admin } })).json(),
    ).toHaveLength(count);
  });

  it('sets the logo from an image told by its bytes, serves it to visitors, and removes it', async () => {
    const put = (data: Buffer, cookie = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `${PROFILE}/logo`,
        headers: { cookie },
        payload: { data: data.toString('base64') },
      });
    expect((await t.app.inject({ method: 'GET', url: `${PROFILE}/logo` })).statusCode).toBe(404);
    expect((await put(makePng(), demo)).statusCode).toBe(403);
    for (const bad of [HTML, SVG, Buffer.from('not an image at all')]) {
      const refused = await put(bad);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().key).toBe('system.logoNotImage');
    }
    const big = Buffer.concat([makePng(), Buffer.alloc(256 * 1024)]);
    const tooLarge = await put(big);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      key: 'system.logoTooLarge',
      message: 'Logo 图片过大（最大 256 KB）',
    });

    const png = makePng(40, 20);
    const set = await put(png);
    expect(set.statusCode, set.body).toBe(200);
    const logoUrl: string = set.json().logoUrl;
    expect(logoUrl).toMatch(/^\/api\/v1\/account-service\/system\/profile\/logo\?v=[0-9a-f]{20}$/);
    expect((await t.app.inject({ method: 'GET', url: PROFILE })).json().logoUrl).toBe(logoUrl);
    // A visitor (no cookie) gets the bytes, cached for good at the versioned address.
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: logoUrl,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // Another image replaces it under a new address.
    const gif = await put(GIF);
    expect(gif.json().logoUrl).not.toBe(logoUrl);
    expect((await t.app.inject({ method: 'GET', url: gif.json().logoUrl })).headers['content-type']).toBe(
      'image/gif',
    );
    const audit = (await t.app.inject({ method: 'GET', url: AUDIT, headers: { cookie: admin } })).json();
    expect(audit[0].detail).toMatchObject({ fields: 'logoUrl', logoType: 'image/gif' });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${PROFILE}/logo`, headers: { cookie: demo } }))
        .statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${PROFILE}/logo`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBe('');
    expect((await t.app.inject({ method: 'GET', url: `${PROFILE}/logo` })).statusCode).toBe(404);
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
