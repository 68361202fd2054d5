import type { SystemProfile } from '@lintel/contracts/system';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { makeProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { systemKeys } from '../api';
import { BrandingTab } from './BrandingTab';

const PROFILE = 'account-service/system/profile';

let api: FakeApi;
let stored: SystemProfile;
beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET ${PROFILE}`, () => ({ json: stored }));
  api.on(`POST ${PROFILE}`, (seen) => {
    stored = { ...stored, ...(seen.body as Partial<SystemProfile>) };
    return { json: stored };
  });
  api.on(`PUT ${PROFILE}/logo`, () => {
    stored = { ...stored, logoUrl: '/api/v1/account-service/system/profile/logo?v=abc' };
    return { json: stored };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  stored = makeProfile({
    productName: '筑联协同',
    productNameEn: 'Zhulian',
    copyrightCompany: '筑联科技',
    icp: '',
  });
  configureHttp({ baseUrl: api.baseUrl });
});

describe('BrandingTab', () => {
  it('previews both languages as typed, checks the fields, saves, and the shell gets the new profile at once', async () => {
    const { queryClient } = renderWithProviders(<BrandingTab />);
    const name = await screen.findByTestId('branding-productName');
    expect(screen.getByTestId('branding-preview-zh-CN-name')).toHaveTextContent('筑联协同');
    expect(screen.getByTestId('branding-preview-en-US-name')).toHaveTextContent('Zhulian');

    fireEvent.change(name, { target: { value: '白标平台' } });
    fireEvent.change(screen.getByTestId('branding-productNameEn'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('branding-copyrightCompanyEn'), { target: { value: 'Zhulian Ltd' } });
    fireEvent.change(screen.getByTestId('branding-extraInfo'), {
      target: { value: '技术支持：400-000-0000' },
    });
    // The English screens fall back to the Chinese name when the English one is empty.
    await waitFor(() =>
      expect(screen.getByTestId('branding-preview-en-US-name')).toHaveTextContent('白标平台'),
    );
    expect(screen.getByTestId('branding-preview-zh-CN-footer')).toHaveTextContent('筑联科技');
    expect(screen.getByTestId('branding-preview-en-US-footer')).toHaveTextContent('Copyright © Zhulian Ltd');
    expect(screen.getByTestId('branding-preview-en-US-footer')).toHaveTextContent('技术支持：400-000-0000');

    // Bad ICP number and a script link: refused on the screen, nothing sent.
    fireEvent.change(screen.getByTestId('branding-icp'), { target: { value: 'ICP 123' } });
    fireEvent.change(screen.getByTestId('branding-download-pc'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByTestId('branding-save'));
    expect(await screen.findByText('格式应如：京ICP备12345678号-1')).toBeInTheDocument();
    expect(await screen.findByText('应为 http(s):// 开头的地址或本站路径')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('branding-icp'), { target: { value: ' 京ICP备12345678号-1 ' } });
    fireEvent.change(screen.getByTestId('branding-download-pc'), {
      target: { value: 'https://dl.example.com/pc.exe' },
    });
    fireEvent.click(screen.getByTestId('branding-i18n'));
    fireEvent.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const sent = api.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      productName: '白标平台',
      productNameEn: '',
      copyrightCompanyEn: 'Zhulian Ltd',
      icp: '京ICP备12345678号-1',
      i18n: !makeProfile().i18n,
      downloads: { pc: 'https://dl.example.com/pc.exe' },
    });
    // Only what changed is sent: a concurrent change to other fields by someone else is kept.
    expect(Object.keys(sent).sort()).toEqual(
      ['copyrightCompanyEn', 'downloads', 'extraInfo', 'i18n', 'icp', 'productName', 'productNameEn'].sort(),
    );
    expect(sent).not.toHaveProperty('version');
    expect(sent).not.toHaveProperty('logoUrl');
    await waitFor(() =>
      expect(queryClient.getQueryData<SystemProfile>(systemKeys.profile())?.productName).toBe('白标平台'),
    );
  });

  it('uploads a logo as base64 after checking its kind and size, and shows the server’s refusal', async () => {
    renderWithProviders(<BrandingTab />);
    await screen.findByTestId('branding-productName');
    // The upload control replaces its input after each file: find it each time.
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.change(input(), { target: { files: [svg] } });
    expect(await screen.findByText('请选择 JPEG、PNG、GIF 或 WebP 图片')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(input(), { target: { files: [png] } });
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toEqual({ data: 'iVBORw0KGgo=' });
    expect(await screen.findByTestId('branding-logo-remove')).toBeInTheDocument();

    api.on(`PUT ${PROFILE}/logo`, {
      status: 415,
      json: { code: 415, key: 'system.logoNotImage', message: 'Logo 须为 JPEG、PNG、GIF 或 WebP 图片' },
    });
    fireEvent.change(input(), { target: { files: [png] } });
    expect(await screen.findByText('Logo 须为 JPEG、PNG、GIF 或 WebP 图片')).toBeInTheDocument();
  });
});
