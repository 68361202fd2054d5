// How much the viewer agrees to load at once (spec 001 §8 "model too large to load"): the fragments of
// every open model together. A browser tab holds the fragments in memory several times over (download,
// worker copy, GPU buffers); above this the tab would stall or crash instead of showing a clear refusal.
// A deployment with stronger clients raises it with VITE_VIEWER_MAX_FRAGMENTS_MB at build time.
const configured = Number(import.meta.env.VITE_VIEWER_MAX_FRAGMENTS_MB);
export const VIEWER_MAX_FRAGMENTS_BYTES =
  (Number.isFinite(configured) && configured > 0 ? configured : 512) * 1024 * 1024;
