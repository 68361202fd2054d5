import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';

/** Thumbnails fit in this square (CSS pixels ×2 for a 160 px list tile on a high-density screen). */
export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_TYPE = 'image/webp';

/**
 * Images with more pixels are not decoded (a small PNG can claim a huge canvas and take gigabytes to
 * decode): 50 megapixels covers the photos of today's phones.
 */
const MAX_INPUT_PIXELS = 50_000_000;

type SharpFactory = typeof import('sharp')['default'];
let loaded: Promise<SharpFactory> | null = null;

/** sharp (libvips, a native addon) is loaded with the first thumbnail, not at every start. */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // No operation cache: a server resizes each image once, and the cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The key a file's thumbnail is stored under, next to the file's own key. */
export function thumbnailKey(storageKey: string): string {
  return `${storageKey}-thumb`;
}

/**
 * A WebP thumbnail of an image (JPEG, PNG, GIF — its first frame —, WebP), turned upright as its EXIF
 * orientation says, never enlarged. Streams the source into the decoder; only the small result is held.
 * Rejects when the image cannot be decoded or is too large to.
 */
export async function makeThumbnail(source: Readable): Promise<Buffer> {
  const sharp = await loadSharp();
  const transformer: Sharp = sharp({
    limitInputPixels: MAX_INPUT_PIXELS,
    sequentialRead: true,
    failOn: 'error',
  })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  const result = transformer.toBuffer();
  // A failing source (storage gone) must fail the decoder, not leave it waiting for the end of its input.
  source.on('error', (error) => transformer.destroy(error));
  transformer.on('error', () => source.destroy());
  source.pipe(transformer);
  try {
    return await result;
  } finally {
    source.destroy();
  }
}
