import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseImageToCrop, type Encoded, pngFile, stubImageDecoding } from '../test/imageStubs';
import { renderWithProviders } from '../test/render';
import ImageCropDialog from './ImageCropDialog';
import { cropOutputSize, formatLimit } from './imageCrop';

let encoded: Encoded[];

beforeEach(() => {
  encoded = stubImageDecoding();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(props: Partial<Parameters<typeof ImageCropDialog>[0]> = {}) {
  const onConfirm = vi.fn().mockResolvedValue(undefined);
  const onCancel = vi.fn();
  renderWithProviders(<ImageCropDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  // applyAccept off: the test hands the input files its `accept` would hide, as a drop or a picker may.
  return { onConfirm, onCancel, user: userEvent.setup({ applyAccept: false }) };
}

const fileInput = () => screen.getByTestId('image-crop-file') as HTMLInputElement;
const png = (bytes = 64) => pngFile(bytes);
const chooseAndLoad = chooseImageToCrop;

describe('ImageCropDialog', () => {
  it('offers to choose an image, with the type and size limits, and cannot save without one', () => {
    setup();
    expect(screen.getByTestId('image-crop-dialog')).toHaveTextContent('选择图片');
    expect(screen.getByTestId('image-crop-dialog')).toHaveTextContent('不超过 10 MB');
    expect(fileInput()).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('image-crop-save')).toBeDisabled();
  });

  it('saves a square JPEG at quality 0.9 by default', async () => {
    const { user, onConfirm } = setup();
    await chooseAndLoad(user);
    await user.click(screen.getByTestId('image-crop-save'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const blob = onConfirm.mock.calls[0]![0] as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/jpeg');
    expect(encoded).toHaveLength(1);
    expect(encoded[0]).toMatchObject({ type: 'image/jpeg', quality: 0.9 });
    expect(encoded[0]!.width).toBe(encoded[0]!.height);
    // The largest centred square of an 800×600 image: 600×600 from x=100.
    expect(encoded[0]!.drawn.slice(0, 4)).toEqual([100, 0, 600, 600]);
    expect(encoded[0]!.width).toBe(600);
  });

  it('keeps the aspect ratio it is given and scales down to the output limit', async () => {
    const { user, onConfirm } = setup({ aspect: 16 / 9, maxOutputSize: 320 });
    await chooseAndLoad(user);
    await user.click(screen.getByTestId('image-crop-save'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(encoded[0]!.drawn.slice(0, 4)).toEqual([0, 75, 800, 450]);
    expect(encoded[0]!.width).toBe(320);
    expect(encoded[0]!.height).toBe(180);
  });

  it('refuses a file that is not an image, with a message, and shows nothing to crop', async () => {
    const { user } = setup();
    await user.upload(fileInput(), new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('image-crop-error')).toHaveTextContent('只能选择图片文件');
    expect(document.querySelector('img.reactEasyCrop_Image')).toBeNull();
    expect(screen.getByTestId('image-crop-save')).toBeDisabled();
  });

  it('refuses an image over the size limit', async () => {
    const { user } = setup({ maxFileBytes: 1024 });
    await user.upload(fileInput(), png(2048));
    expect(await screen.findByTestId('image-crop-error')).toHaveTextContent('图片不能超过 1 KB');
    expect(document.querySelector('img.reactEasyCrop_Image')).toBeNull();
  });

  it('says so when the browser cannot decode the image', async () => {
    const { user } = setup();
    await user.upload(fileInput(), png());
    const image = await waitFor(() => document.querySelector<HTMLImageElement>('img.reactEasyCrop_Image')!);
    fireEvent.error(image);
    expect(await screen.findByTestId('image-crop-error')).toHaveTextContent('无法读取该图片');
  });

  it('zooms with the slider buttons and the + / − keys on the focusable crop area', async () => {
    const { user } = setup();
    await chooseAndLoad(user);
    const area = screen.getByTestId('image-crop-area');
    expect(area).toHaveAttribute('tabindex', '0');
    expect(area).toHaveAccessibleName('裁剪区域');
    const zoomOut = screen.getByRole('button', { name: '缩小' });
    expect(zoomOut).toBeDisabled();
    area.focus();
    await user.keyboard('+');
    await waitFor(() => expect(zoomOut).toBeEnabled());
    await user.keyboard('-');
    await waitFor(() => expect(zoomOut).toBeDisabled());
    await user.click(screen.getByRole('button', { name: '放大' }));
    expect(zoomOut).toBeEnabled();
  });

  it('stays open with the caller’s error when saving fails, and cancels', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error('upload failed'));
    const { user, onCancel } = setup({ onConfirm, error: '头像上传失败（网络错误）' });
    await chooseAndLoad(user);
    await user.click(screen.getByTestId('image-crop-save'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('image-crop-upload-error')).toHaveTextContent('头像上传失败');
    expect(screen.getByTestId('image-crop-save')).toBeEnabled();
    await user.click(screen.getByTestId('image-crop-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('crop helpers', () => {
  it('derives the output height from the width, so the ratio holds', () => {
    expect(cropOutputSize({ width: 3000, height: 2000 }, 3 / 2, 1024)).toEqual({ width: 1024, height: 683 });
    expect(cropOutputSize({ width: 200, height: 200 }, 1, 1024)).toEqual({ width: 200, height: 200 });
    expect(cropOutputSize({ width: 900, height: 1600 }, 9 / 16, 512)).toEqual({ width: 288, height: 512 });
  });

  it('writes limits in MB or KB', () => {
    expect(formatLimit(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatLimit(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatLimit(512 * 1024)).toBe('512 KB');
  });
});
