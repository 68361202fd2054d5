import { screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../lib/http';
import { type FakeApi, startFakeApi } from '../test/fakeApi';
import { requestsTo } from '../test/project';
import { renderWithProviders } from '../test/render';
import { setupUser } from '../test/user';
import { type AttachmentItem, AttachmentsField } from './project/AttachmentsField';
import { type ImageItem, ImagesField } from './project/ImagesField';

// Issue 16: on a touch device a photo field offers "take photo" (the rear camera) beside "choose from
// album"; the photo goes the same way as a chosen file, within the same limit.

const PROJECT_ID = '0000000000000000000016f1';
let api: FakeApi;
let uploads = 0;
beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST base-service/files', (request) => {
    uploads += 1;
    const id = `66d00000000000000000f${String(uploads).padStart(3, '0')}`;
    return String(request.body).includes('name="picture"')
      ? { json: { pictures: [`/api/v1/base-service/files/${id}`] } }
      : { json: { files: [`/api/v1/base-service/files/${id}`] } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
});

/** A device whose pointer is a finger (the media query the field reads). */
function touchDevice(touch: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: touch && query.includes('coarse'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
afterEach(() => vi.restoreAllMocks());

function Fields({ max }: { max: number }) {
  const [images, setImages] = useState<ImageItem[]>([]);
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  return (
    <App component={false}>
      <ImagesField projectId={PROJECT_ID} max={max} testId="photos" value={images} onChange={setImages} />
      <AttachmentsField projectId={PROJECT_ID} max={max} value={files} onChange={setFiles} />
    </App>
  );
}

const photo = (name: string) => new File(['\xff\xd8\xff'], name, { type: 'image/jpeg' });

describe('photo fields', () => {
  it('offer the camera beside the album on a touch device, and the photo is uploaded like a chosen image', async () => {
    touchDevice(true);
    const user = setupUser();
    renderWithProviders(<Fields max={1} />);

    const images = screen.getByTestId('photos');
    expect(within(images).getByTestId('photos-add')).toHaveTextContent('从相册选择');
    const camera = within(images).getByTestId('photos-camera');
    expect(camera).toHaveTextContent('拍照');
    const cameraInput = screen.getByTestId('photos-camera-input');
    expect(cameraInput).toHaveAttribute('type', 'file');
    expect(cameraInput).toHaveAttribute('accept', 'image/*');
    expect(cameraInput).toHaveAttribute('capture', 'environment');

    await user.upload(cameraInput as HTMLInputElement, photo('现场.jpg'));
    await waitFor(() =>
      expect(within(images).getByTestId('photos-item')).toHaveAttribute('data-status', 'done'),
    );
    const sent = requestsTo(api, 'POST', 'base-service/files');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query.get('projectId')).toBe(PROJECT_ID);
    expect(String(sent[0]?.body)).toContain('name="picture"; filename="现场.jpg"');
    // The field is full: neither the album nor the camera is offered any more.
    expect(within(images).queryByTestId('photos-add')).toBeNull();
    expect(within(images).queryByTestId('photos-camera')).toBeNull();

    // An attachment field takes a photo as one more attachment, and refuses one past its limit.
    await user.upload(screen.getByTestId('attachments-camera-input') as HTMLInputElement, photo('裂缝.jpg'));
    await waitFor(() => expect(screen.getByTestId('attachment-item')).toHaveAttribute('data-status', 'done'));
    expect(screen.getByTestId('attachment-item')).toHaveTextContent('裂缝.jpg');
    await user.upload(screen.getByTestId('attachments-camera-input') as HTMLInputElement, photo('多余.jpg'));
    expect(await screen.findByText('最多添加 1 个附件')).toBeInTheDocument();
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(1);
    expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(2);
  });

  it('in English, and not at all with a mouse alone', async () => {
    touchDevice(false);
    const { unmount } = renderWithProviders(<Fields max={3} />);
    expect(screen.getByTestId('photos-add')).toHaveTextContent('上传图片');
    expect(screen.queryByTestId('photos-camera')).toBeNull();
    expect(screen.queryByTestId('attachments-camera')).toBeNull();
    expect(document.querySelector('input[capture]')).toBeNull();
    unmount();

    vi.restoreAllMocks();
    touchDevice(true);
    const { changeLanguage } = await import('../app/i18n');
    await changeLanguage('en-US');
    renderWithProviders(<Fields max={3} />);
    expect(screen.getByTestId('photos-add')).toHaveTextContent('Choose from album');
    expect(screen.getByTestId('photos-camera')).toHaveTextContent('Take photo');
    expect(screen.getByTestId('attachments-camera')).toHaveTextContent('Take photo');
  });
});
