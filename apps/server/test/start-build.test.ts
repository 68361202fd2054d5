import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type BuildTarget,
  buildDecision,
  buildIfChanged,
  listInputs,
  TARGETS,
} from '../../../scripts/build-if-changed.mjs';

/** `npm start` builds only when the sources changed or the build is missing (issue 17). */
describe('the start build decision', () => {
  const stamp = { hash: 'h1', outputMtimeMs: 1000 };
  it.each([
    ['no build yet', { outputMtimeMs: null, stamp, hash: 'h1' }, true],
    ['no record of the last build', { outputMtimeMs: 1000, stamp: null, hash: 'h1' }, true],
    ['sources changed since the last build', { outputMtimeMs: 1000, stamp, hash: 'h2' }, true],
    ['the build was replaced since', { outputMtimeMs: 2000, stamp, hash: 'h1' }, true],
    ['up to date', { outputMtimeMs: 1000, stamp, hash: 'h1' }, false],
  ])('%s', (reason, known, build) => {
    expect(buildDecision(known)).toEqual({ build, reason });
  });
});

describe('building when needed', () => {
  const root = mkdtempSync(join(tmpdir(), 'lintel-start-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const target: BuildTarget = {
    name: 'app',
    workspace: 'app',
    inputs: ['app/src', 'app/config.ts'],
    output: 'app/dist/index.js',
  };
  // The "build": writes the output, as vite and esbuild do.
  const run = vi.fn(() => write(target.output, `built ${Date.now()}`));
  const start = () => {
    run.mockClear();
    buildIfChanged(root, [target], run);
    return run.mock.calls.length === 1 ? 'built' : 'skipped';
  };
  vi.spyOn(console, 'log').mockImplementation(() => undefined);

  it('builds the first time, then not again until a source or config changes', () => {
    write('app/src/main.ts', 'one');
    write('app/src/main.test.ts', 'a test');
    write('app/config.ts', 'config');
    expect(start()).toBe('built');
    expect(start()).toBe('skipped');
    // Touched but unchanged (a checkout moves mtimes): no build.
    utimesSync(join(root, 'app/src/main.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(start()).toBe('skipped');
    // A test file is never bundled.
    write('app/src/main.test.ts', 'another test');
    expect(start()).toBe('skipped');
    write('app/src/main.ts', 'two');
    expect(start()).toBe('built');
    write('app/config.ts', 'config 2');
    expect(start()).toBe('built');
    // A new file counts, and so does a removed one.
    write('app/src/extra.ts', 'extra');
    expect(start()).toBe('built');
    rmSync(join(root, 'app/src/extra.ts'));
    expect(start()).toBe('built');
    expect(start()).toBe('skipped');
  });

  it('builds again when the build is missing or was replaced by another build', () => {
    rmSync(join(root, 'app/dist'), { recursive: true });
    expect(start()).toBe('built');
    utimesSync(join(root, target.output), new Date(), new Date(Date.now() - 3_600_000));
    expect(start()).toBe('built');
    expect(start()).toBe('skipped');
    expect(existsSync(join(root, 'node_modules/.cache/lintel-start/app.json'))).toBe(true);
  });

  it("covers the repository's web and server builds, without their tests", () => {
    const repo = join(__dirname, '../../..');
    const web = TARGETS.find((t) => t.name === 'web')!;
    const files = listInputs(repo, web.inputs);
    expect(files).toContain('apps/web/src/main.tsx');
    expect(files).toContain('packages/contracts/src/account/user.ts');
    expect(files).toContain('package-lock.json');
    expect(files.some((file) => /\.test\.tsx?$/.test(file))).toBe(false);
    const server = TARGETS.find((t) => t.name === 'server')!;
    expect(listInputs(repo, server.inputs)).toContain('apps/server/src/main.ts');
  });
});
