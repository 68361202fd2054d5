import { fireEvent, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/** What a stubbed canvas encoded: its size, the type and quality asked for, and the source rectangle drawn. */
export interface Encoded {
  width: number;
  height: number;
  type: string | undefined;
  quality: number | undefined;
  drawn: number[];
}

/**
 * jsdom neither decodes images nor draws: this gives every image a natural size of `natural`, every box
 * a 400×300 layout, object URLs a fixed value, and records what is drawn and encoded on canvases (the blob
 * is four JPEG magic bytes of the requested type). Undo with `vi.restoreAllMocks()`. The real decoding,
 * drawing and encoding run in the browser tests (e2e/profile-flows.e2e.test.ts).
 */
export function stubImageDecoding(natural = { width: 800, height: 600 }): Encoded[] {
  const encoded: Encoded[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:http://localhost/chosen-image');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(natural.width);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(natural.height);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    right: 400,
    bottom: 300,
    width: 400,
    height: 300,
    toJSON: () => ({}),
  });
  let drawn: number[] = [];
  // `as never`: getContext is overloaded (2d, webgl, webgpu since three's types) and the mock answers the 2d one.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillStyle: '',
        imageSmoothingQuality: 'low',
        fillRect: () => undefined,
        drawImage: (_image: unknown, ...args: number[]) => {
          drawn = args;
        },
      }) as unknown as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
    quality?: number,
  ) {
    encoded.push({ width: this.width, height: this.height, type, quality, drawn });
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type }));
  });
  return encoded;
}

export const pngFile = (bytes = 64, name = 'photo.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** In an open ImageCropDialog: chooses the file and lets the (stubbed) image load, as the browser would. */
export async function chooseImageToCrop(user: ReturnType<typeof userEvent.setup>, file = pngFile()) {
  await user.upload(await screen.findByTestId('image-crop-file'), file);
  const image = await waitFor(() => {
    const found = document.querySelector<HTMLImageElement>('img.reactEasyCrop_Image');
    if (!found) throw new Error('no image to crop yet');
    return found;
  });
  fireEvent.load(image);
  await waitFor(() => expect(screen.getByTestId('image-crop-save')).toBeEnabled());
}
