import type { User } from '@lintel/contracts/account';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { chooseImageToCrop, stubImageDecoding } from '../../../test/imageStubs';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { accountKeys } from '../../account/api';
import { AvatarUploader } from './AvatarUploader';

const AVATAR = '/api/v1/base-service/files/6650000000000000000000aa';
let api: FakeApi;
let uploadReply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST base-service/files', () => uploadReply);
  api.on(`PUT account-service/users/${makeUser()._id}`, (seen) => ({
    json: makeUser({ ...(seen.body as Partial<User>) }),
  }));
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  uploadReply = { json: { files: [AVATAR] } };
  configureHttp({ baseUrl: api.baseUrl, getLanguage: () => 'zh-CN' });
  stubImageDecoding();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setup() {
  const queryClient = createTestQueryClient();
  const user = makeUser();
  queryClient.setQueryData(accountKeys.session(), user);
  renderWithProviders(<AvatarUploader user={user} />, { queryClient });
  return { queryClient, user: setupUser() };
}

/** Opens the dialog (its code loads on demand), chooses and crops an image, and saves. */
async function cropAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('avatar-change'));
  await chooseImageToCrop(user);
  await user.click(screen.getByTestId('image-crop-save'));
}

describe('AvatarUploader', () => {
  it('uploads the cropped JPEG as avatar.jpg in the field `file`, then stores its path as the avatar', async () => {
    const { user, queryClient } = setup();
    expect(screen.getByTestId('avatar-change')).toHaveTextContent('上传头像');
    await cropAndSave(user);
    expect(await screen.findByTestId('avatar-saved')).toHaveTextContent('头像已更新');

    const upload = api.requests.find((r) => r.method === 'POST')!;
    expect(upload.path).toBe('base-service/files');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.headers['accept-language']).toBe('zh-CN');
    expect(String(upload.body)).toMatch(/name="file"; filename="avatar\.jpg"/);
    expect(String(upload.body)).toMatch(/Content-Type: image\/jpeg/i);

    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ avatar: AVATAR });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.avatar).toBe(AVATAR);
    await waitFor(() => expect(screen.queryByTestId('image-crop-dialog')).not.toBeInTheDocument());
  }, 40_000);

  it.each([
    [415, 'files.typeNotAllowed', '只能上传 JPEG、PNG、GIF 或 WebP 格式的图片'],
    [413, 'files.tooLarge', '文件过大（最大 10 MB）'],
  ])(
    'shows the server’s reason for a %i and keeps the dialog open',
    async (status, key, message) => {
      uploadReply = { status, json: { code: status, key, message } };
      const { user } = setup();
      await cropAndSave(user);
      expect(await screen.findByTestId('image-crop-upload-error')).toHaveTextContent(message);
      expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
      expect(screen.getByTestId('image-crop-save')).toBeEnabled();
    },
    40_000,
  );

  it("says 'Failed to upload icon' with the reason for any other failure", async () => {
    uploadReply = { status: 500, json: { code: 500, key: 'common.internal', message: '服务器内部错误' } };
    const { user } = setup();
    await cropAndSave(user);
    expect(await screen.findByTestId('image-crop-upload-error')).toHaveTextContent(
      '头像上传失败（服务器内部错误）',
    );
  }, 40_000);
});
