import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The public IFC samples the repository holds (`samples/ifc` at its root). */
const SAMPLES_SUBPATH = join('samples', 'ifc');

/**
 * The path of a sample IFC, or null when it is not there. Looked for in `samples/ifc` of each
 * folder above this file, so the same code finds it from the sources (tsx, vitest) and from the bundle.
 */
export function findSample(fileName: string): string | null {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, SAMPLES_SUBPATH, fileName);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
}
