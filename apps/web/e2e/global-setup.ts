import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
    /** The server's DATA_DIR: the console SMS provider appends every code to sms-outbox.jsonl there. */
    dataDir: string;
  }
}

const ADMIN_PASSWORD = 'E2eAdmin2026';

/** One server with the demo for every walk of the run (server.ts). */
export default async function setup(project: TestProject) {
  const server = await startServer({ DEMO: '1', ADMIN_PASSWORD });
  project.provide('baseURL', server.baseURL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
