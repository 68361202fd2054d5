import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ConversionFailureKey } from '@lintel/contracts/models';
import { toJson } from '../../db/json';
import {
  ConversionFailure,
  type ConversionOutput,
  convertIfcFile,
  extractIfcZip,
  isZip,
} from './conversion/index';
import { CANCEL_CHANNEL, CONVERSION_QUEUE, type ModelsBase, versionKeys } from './models.context';
import { ACTIVE_STATUSES, type ElementInsert, type VersionRow } from './models.repository';
import { sampleOfKey } from './models.seed';
import { findSample } from './samples';

/** Progress is written at most this often, or when it moved by this many points. */
const PROGRESS_INTERVAL_MS = 500;
const PROGRESS_STEP = 5;

/**
 * The conversion jobs of this process: each queued version is claimed (queued → converting), its IFC
 * fetched from storage into a temp file (an .ifczip unpacked), converted in a worker thread with progress,
 * and its fragments, tree and element index stored — or it fails with the reason. A cancel (this process
 * or another, through the events channel) aborts the worker at once.
 */
export function createConversionRunner(base: ModelsBase) {
  const { repository, storage, log, limits } = base;
  const running = new Map<string, AbortController>();
  let stopping = false;

  /** The reason a version failed; an internal error's own words stay in the log, never in the answer. */
  function failure(error: unknown): { key: ConversionFailureKey; detail: string | null } {
    if (error instanceof ConversionFailure && error.key !== 'models.conversion.internal') {
      return { key: error.key, detail: error.detail ?? null };
    }
    return { key: 'models.conversion.internal', detail: null };
  }

  /** A seeded sample (models.seed.ts) is copied into storage under the version's key on its first run. */
  async function storedIfcKey(version: VersionRow): Promise<string> {
    const sample = sampleOfKey(version.ifc_key);
    if (sample === null) return version.ifc_key;
    const path = findSample(sample);
    if (!path) throw new ConversionFailure('models.conversion.internal', `the sample ${sample} is missing`);
    const key = versionKeys(version.id).ifc;
    await storage.put(key, createReadStream(path), { contentType: 'application/octet-stream' });
    await repository.setIfcKey(version.id, key);
    return key;
  }

  /** The IFC of the version as a local file (an .ifczip unpacked next to it). */
  async function fetchIfc(version: VersionRow, folder: string): Promise<{ path: string; size: number }> {
    const download = join(folder, 'upload');
    await pipeline(await storage.get(await storedIfcKey(version)), createWriteStream(download));
    const handle = await open(download, 'r');
    const head = Buffer.alloc(4);
    try {
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
    if (!isZip(head)) return { path: download, size: Number(version.size) };
    const path = join(folder, 'model.ifc');
    const { size } = await extractIfcZip(download, path, limits.uploadMaxBytes * 20);
    return { path, size };
  }

  function progressWriter(versionId: string) {
    let last = 0;
    let lastAt = 0;
    return (percent: number) => {
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      const now = Date.now();
      if (value <= last || (now - lastAt < PROGRESS_INTERVAL_MS && value - last < PROGRESS_STEP)) return;
      last = value;
      lastAt = now;
      repository
        .setProgress(versionId, value)
        .catch((error: unknown) =>
          log.warn({ err: error, versionId }, 'could not write conversion progress'),
        );
    };
  }

  function elementRows(versionId: string, output: ConversionOutput): ElementInsert[] {
    return output.elements.map((element) => ({
      version_id: versionId,
      global_id: element.globalId,
      local_id: element.localId,
      ifc_class: element.ifcClass,
      name: element.name,
      type: element.type,
      storey: element.storey,
      discipline: element.discipline,
      geometry_hash: element.geometryHash,
      properties_hash: element.propertiesHash,
      property_sets: toJson(element.propertySets),
    }));
  }

  /** Stores the result and marks the version ready, unless it was cancelled (or deleted) meanwhile. */
  async function finish(version: VersionRow, output: ConversionOutput, size: number, startedMs: number) {
    const keys = versionKeys(version.id);
    const fragments = await storage.put(keys.fragments, Readable.from([Buffer.from(output.fragments)]), {
      contentType: 'application/octet-stream',
    });
    await storage.put(keys.tree, Readable.from([Buffer.from(JSON.stringify(output.tree))]), {
      contentType: 'application/json',
    });
    const rows = elementRows(version.id, output);
    const done = await repository.db.transaction().execute(async (trx) => {
      const ready = await repository.transition(
        version.id,
        ['converting'],
        {
          status: 'ready',
          progress: 100,
          schema: output.schema,
          element_count: rows.length,
          fragments_size: fragments.size,
          conversion_ms: Date.now() - startedMs,
          fragments_key: keys.fragments,
          tree_key: keys.tree,
          size,
          converted_at: base.now(),
          error_key: null,
          error_detail: null,
        },
        trx,
      );
      if (ready) {
        // A version converted again (retried) starts from an empty index.
        await repository.deleteElements(version.id, trx);
        await repository.insertElements(rows, trx);
      }
      return ready;
    });
    if (!done) await Promise.all([storage.delete(keys.fragments), storage.delete(keys.tree)]);
    return done;
  }

  async function convert(versionId: string): Promise<void> {
    const claimed = await repository.transition(versionId, ['queued'], {
      status: 'converting',
      progress: 0,
      started_at: base.now(),
    });
    // Cancelled, deleted or taken by another process meanwhile: nothing to do.
    if (!claimed) return;
    const version = await repository.findVersion(versionId);
    if (!version) return;
    base.announce(version, 'converting');
    const controller = new AbortController();
    running.set(versionId, controller);
    const started = Date.now();
    // The demo's sample (models.seed.ts): a newcomer waits for it, so its outcome gets a plain log line.
    const demoSample = sampleOfKey(version.ifc_key);
    let folder: string | null = null;
    try {
      folder = await mkdtemp(join(tmpdir(), 'lintel-model-'));
      const { path, size } = await fetchIfc(version, folder);
      const output = await convertIfcFile(path, {
        limits: { timeoutMs: limits.timeoutMs, maxMemoryMb: limits.memoryMb },
        onProgress: progressWriter(versionId),
        signal: controller.signal,
      });
      if (await finish(version, output, size, started)) {
        base.announce(version, 'ready');
        if (demoSample !== null)
          log.info(
            `the demo model (${demoSample}) is converted: ${output.elements.length} elements in ` +
              `${((Date.now() - started) / 1000).toFixed(1)} s; it opens in the demo project's model viewer`,
          );
      }
    } catch (error) {
      if (stopping) {
        // Cut off by a shutdown: queued again, so that the next start (of any process) converts it.
        await repository
          .transition(versionId, ['converting'], { status: 'queued', progress: 0 })
          .catch(() => undefined);
        return;
      }
      const { key, detail } = failure(error);
      if (key === 'models.conversion.internal')
        log.error({ err: error, versionId }, 'model conversion failed');
      if (demoSample !== null) {
        const why = error instanceof Error ? error.message : (detail ?? key);
        log.warn(`the demo model (${demoSample}) could not be converted: ${key} (${why})`);
      }
      const failed = await repository.transition(versionId, ['converting'], {
        status: 'failed',
        error_key: key,
        error_detail: detail === null ? null : detail.slice(0, 1000),
      });
      if (failed) base.announce(version, 'failed');
    } finally {
      running.delete(versionId);
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  }

  /** Aborts the conversion of `versionId` when this process runs it. */
  function abortLocal(versionId: string): void {
    running.get(versionId)?.abort();
  }

  /**
   * Starts the worker of this process: after a restart, versions left `converting` were cut off (failed
   * `models.conversion.interrupted`) and those still `queued` are queued again (a duplicate is harmless:
   * the claim lets only one run).
   */
  async function start(): Promise<() => Promise<void>> {
    const unsubscribe = await base.events.subscribe(CANCEL_CHANNEL, (message) => {
      const versionId = (message as { versionId?: unknown } | null)?.versionId;
      if (typeof versionId === 'string') abortLocal(versionId);
    });
    // In-process jobs: whatever was converting died with the last process. With Redis, other processes may
    // be converting right now: only a conversion older than the time limit is certainly dead.
    const shared = base.jobs.kind === 'redis';
    const cutOff = new Date(Date.parse(base.now()) - limits.timeoutMs).toISOString();
    for (const { id, started_at } of await repository.versionIdsWithStatus('converting')) {
      if (shared && started_at !== null && started_at > cutOff) continue;
      await repository.transition(id, ['converting'], {
        status: 'failed',
        error_key: 'models.conversion.interrupted',
        error_detail: null,
      });
    }
    const stopWork = await base.jobs.work(
      CONVERSION_QUEUE,
      async (payload) => {
        const versionId = (payload as { versionId?: unknown } | null)?.versionId;
        if (typeof versionId === 'string') await convert(versionId);
      },
      { concurrency: limits.conversions },
    );
    for (const { id } of await repository.versionIdsWithStatus('queued')) {
      await base.jobs.enqueue(CONVERSION_QUEUE, { versionId: id });
    }
    return async () => {
      stopping = true;
      unsubscribe();
      // Closing never waits for a conversion: it is cut off and queued again for the next start.
      for (const controller of running.values()) controller.abort();
      await stopWork();
    };
  }

  /** Queues the conversion of a version (new, retried). */
  function enqueue(versionId: string): Promise<void> {
    return base.jobs.enqueue(CONVERSION_QUEUE, { versionId });
  }

  /**
   * Cancels a queued or converting version: it becomes failed `models.conversion.cancelled` and its
   * running conversion (in whichever process) is aborted. Answers whether it was active.
   */
  async function cancel(version: Pick<VersionRow, 'id'>): Promise<boolean> {
    const cancelled = await repository.transition(version.id, ACTIVE_STATUSES, {
      status: 'failed',
      error_key: 'models.conversion.cancelled',
      error_detail: null,
    });
    if (!cancelled) return false;
    abortLocal(version.id);
    await base.events
      .publish(CANCEL_CHANNEL, { versionId: version.id })
      .catch((error: unknown) => log.warn({ err: error }, 'could not publish a conversion cancel'));
    return true;
  }

  return { start, enqueue, cancel };
}
export type ConversionRunner = ReturnType<typeof createConversionRunner>;
