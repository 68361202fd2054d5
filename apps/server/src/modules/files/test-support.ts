import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { TestApp } from '../../../test/helper';
import { multipartBody, type UploadPartSpec } from '../../../test/images';
import * as fileAttachmentsMigration from '../../db/migrations/2026112640_file_attachments';
import type { FileAttachmentTables } from './attachments';

/** Requests and observations the files tests share (each test file has its own app). */

export const FILES = '/api/v1/base-service/files';

export function uploadAs(
  t: TestApp,
  cookie: string,
  parts: UploadPartSpec[],
  options: { projectId?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: options.projectId ? `${FILES}?projectId=${options.projectId}` : FILES,
    headers: { cookie, 'content-type': contentType, ...options.headers },
    payload: body,
  });
}

export function getAs(
  t: TestApp,
  cookie: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}

export function deleteAs(t: TestApp, cookie: string, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'DELETE', url, headers: { cookie } });
}

/** The id at the end of a file URL. */
export function idOf(url: string): string {
  return url.split('/').pop() as string;
}

export async function fileRowCount(t: TestApp): Promise<number> {
  const rows = await t.db.db.selectFrom('files').select('id').execute();
  return rows.length;
}

/** Every regular file in the storage folder (DATA_DIR/files), temp files included. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function snapshot(t: TestApp): Promise<{ rows: number; files: number }> {
  return { rows: await fileRowCount(t), files: (await storedFiles(t)).length };
}

export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch((error: unknown) => {
    // Already listening from an earlier test of this file.
    if ((error as { code?: string }).code !== 'FST_ERR_REOPENED_SERVER') throw error;
  });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Sends the headers of an upload announcing `contentLength` bytes and only the first 64 bytes of `body`,
 * then waits for the answer: a server that reads the body before answering would wait forever.
 */
export async function answerBeforeBody(
  t: TestApp,
  options: { cookie: string; path: string; contentLength: number; parts: UploadPartSpec[] },
): Promise<{ head: string; body: unknown }> {
  const port = await listen(t);
  const { body, contentType } = multipartBody(options.parts);
  const socket = connect(port, '127.0.0.1');
  const answer = new Promise<string>((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      // The whole answer is there once its JSON body has closed.
      if (/\r\n\r\n\{.*\}$/s.test(received)) resolve(received);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
  socket.write(
    [
      `POST ${options.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Cookie: ${options.cookie}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${options.contentLength}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(body.subarray(0, 64));
  const text = await answer;
  socket.destroy();
  const split = text.indexOf('\r\n\r\n');
  return { head: text.slice(0, split), body: JSON.parse(text.slice(split + 4)) };
}

/**
 * Migration 2026112640 run again on a database that has `owner`'s records (the table dropped and rebuilt
 * from them): the attachment rows before and after, as `owner/record/file` sorted, for the owner's test to
 * compare.
 */
export async function attachmentsRebuiltByMigration(
  t: TestApp,
  owner: string,
): Promise<{ before: string[]; after: string[] }> {
  const db = t.db.db as unknown as Kysely<FileAttachmentTables>;
  const read = async () =>
    (
      await db
        .selectFrom('file_attachments')
        .select(['file_id', 'owner', 'record_id'])
        .where('owner', '=', owner)
        .execute()
    )
      .map((row) => `${row.owner}/${row.record_id}/${row.file_id}`)
      .sort();
  const before = await read();
  await db.schema.dropTable('file_attachments').execute();
  await fileAttachmentsMigration.up(db as unknown as Kysely<unknown>);
  return { before, after: await read() };
}
