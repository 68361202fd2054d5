import { join } from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/open';
import { createEvents } from './events/index';
import { createJobs } from './jobs/index';
import { loggerOptions } from './logger';
import { clausePageRoutes } from './modules/account/clauses.routes';
import { ACCOUNT_PREFIX, accountPlugin, createAccountModule } from './modules/account/index';
import {
  ANNOUNCEMENTS_PREFIX,
  announcementsPlugin,
  createAnnouncementsModule,
} from './modules/announcements/index';
import { AUDIT_PREFIX, type AuditLog, auditPlugin, createAuditModule } from './modules/audit/index';
import {
  CONTACT_SHEETS_PREFIX,
  contactSheetsPlugin,
  createContactSheetsModule,
} from './modules/contactsheets/index';
import { createFilesModule, FILES_PREFIX, filesPlugin } from './modules/files/index';
import { createFormsModule, FORMS_PREFIX, formsPlugin } from './modules/forms/index';
import { createFormPrinting, formPrintPlugin } from './modules/forms/print/index';
import { healthRoutes } from './modules/health/health.routes';
import { createIdentityModule, IDENTITY_PREFIX, identityPlugin } from './modules/identity/index';
import { createModelLookup, createModelsModule, MODELS_PREFIX, modelsPlugin } from './modules/models/index';
import { createModelViewsModule, modelViewsPlugin } from './modules/models/views/index';
import { createModelTagNodes } from './modules/models/views/tags.lookup';
import {
  createNotificationsModule,
  NOTIFICATIONS_PREFIX,
  type NotificationsModule,
  notificationsPlugin,
} from './modules/notifications/index';
import { createOrgModule, orgPlugin } from './modules/org/index';
import { createUserPlacesLookup } from './modules/org/user-places.lookup';
import { createPermissionsModule, permissionsPlugin } from './modules/permissions/index';
import {
  createPersonnelModule,
  createUnitNodes,
  PERSONNEL_PREFIX,
  personnelPlugin,
} from './modules/personnel/index';
import {
  createDomainUsageCheck,
  createTopicsModule,
  TOPICS_PREFIX,
  topicsPlugin,
} from './modules/topics/index';
import {
  createWorkflowEngine,
  createWorkflowModule,
  WORKFLOW_PREFIX,
  workflowPlugin,
} from './modules/workflow/index';
import { apiDocsPlugin } from './plugins/api-docs';
import { createDiskSpace, diskSpacePlugin } from './plugins/disk-space';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { jsonBodyPlugin } from './plugins/json-body';
import { languagePlugin } from './plugins/language';
import { leftoversPlugin } from './plugins/leftovers';
import { methodOverridePlugin, rewriteUrlWithMethodOverride } from './plugins/method-override';
import { originCheckPlugin } from './plugins/origin-check';
import { generateRequestId, requestIdPlugin } from './plugins/request-id';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { routeSchemasPlugin } from './plugins/route-schemas';
import { securityHeadersPlugin } from './plugins/security-headers';
import { createSessionCookies, sessionPlugin } from './plugins/session';
import { staticWebPlugin } from './plugins/static-web';
import { createStorage, type Storage } from './storage/index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database this app uses; closed when the app closes. */
    database: DatabaseHandle;
    clock: Clock;
    /** Notifications and to-dos: the producers other modules get, reachable here for tests and tools. */
    notifications: NotificationsModule;
    /** The audit log every module records through (issue 17), reachable here for tests and tools. */
    audit: AuditLog;
  }
}

export interface AppDeps {
  /** An open database; the app takes ownership and closes it on close. Opened from config when absent. */
  db?: DatabaseHandle;
  clock?: Clock;
  /** Where log lines go (tests collect them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Where file bytes go; the local folder DATA_DIR/files when absent. */
  storage?: Storage;
}

export type App = FastifyInstance;

/** A half-written local file (`.tmp/*.part`) nobody has written to for this long is a crash's leftover. */
const PARTIAL_FILE_MAX_AGE_MS = 3 * 60 * 60 * 1000;

/**
 * Fastify logs two lines per request; the "request completed" one (status, time, request id; error level on
 * failures) says all that matters. Dropping the "incoming request" line halves the logging cost and keeps
 * query strings — an OAuth callback carries its authorization code there — out of the log.
 */
/** Path parameters whose values are secrets in themselves (an invitation token, a code). */
const SECRET_PARAM = /token|code|secret/i;

/** The request's path without the query string, and with secret path parameters replaced. */
function loggablePath(request: FastifyRequest): string {
  let path = request.url.split('?')[0] ?? '';
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (!SECRET_PARAM.test(name) || typeof value !== 'string' || value === '') continue;
    path = path.split(encodeURIComponent(value)).join('[redacted]').split(value).join('[redacted]');
  }
  return path;
}

/**
 * The access line is built here from known fields only (method, redacted path, status, time), so it skips
 * the logger's redaction pass, which cost three times the rest of the line. Any other line, and the line
 * of a failed request (it carries the error), is still redacted.
 */
const accessLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
function accessLoggerOf(root: FastifyBaseLogger): FastifyBaseLogger {
  let logger = accessLoggers.get(root);
  if (!logger) {
    logger = root.child({}, { redact: [] });
    accessLoggers.set(root, logger);
  }
  return logger;
}

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      path: loggablePath(request),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else accessLoggerOf(request.server.log).info({ reqId: request.id, ...line }, 'request completed');
  }
}

/**
 * The whole server as one Fastify instance: cross-cutting plugins first, then the modules. Used by main.ts
 * and by every test. Migrations and seeds are the caller's business (main.ts, test/helper.ts).
 */
export function buildApp(config: Config, deps: AppDeps = {}): App {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: generateRequestId,
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Runs before routing: the only place where a method override can still change the route.
    rewriteUrl: rewriteUrlWithMethodOverride,
    // TRUST_PROXY: behind a reverse proxy, request.ip is the client its X-Forwarded-For names (per-address
    // sign-in and SMS limits need it); otherwise the socket address, which a client cannot forge.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    deps.db ??
    openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onPoolError: (error) => app.log.error({ err: error }, 'a database connection failed'),
      sqliteSynchronous: config.sqliteSynchronous,
    });
  const clock = deps.clock ?? systemClock;
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate('publicUrl', config.publicUrl);
  app.addHook('onClose', async () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  // Compiled answers where the schema allows it; under vitest every answer is checked against zod's too.
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: process.env.VITEST !== undefined }));
  // JSON only (multipart arrives with the files module): a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');

  const https = config.publicUrl?.startsWith('https:') === true;
  const cookies = createSessionCookies(config.publicUrl);
  // The audit log (issue 17) first: every module below records through `audit.log`.
  const audit = createAuditModule({ db: database.db, engine: database.engine, clock });
  app.decorate('audit', audit.log);
  const account = createAccountModule({
    db: database.db,
    engine: database.engine,
    clock,
    profileDefaults: config.profile,
    sms: config,
    log: app.log,
    tableWrites: database.tableWrites,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
    audit: audit.log,
    places: createUserPlacesLookup(database.db),
  });
  const storage = deps.storage ?? createStorage({ dataDir: config.dataDir, s3: config.s3 });
  // The free-space floor of DATA_DIR's disk (MIN_FREE_DISK_MB): uploads refused below it, health says low.
  const diskSpace = createDiskSpace({
    path: config.dataDir,
    floorBytes: config.minFreeDiskBytes,
    clock,
    log: app.log,
  });
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  const identity = createIdentityModule({ db: database.db, clock, passport: config.passport, account });
  // In-process events, or Redis pub/sub across processes when REDIS_URL is set.
  const events = createEvents({ redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', async () => events.close());
  // Background jobs (model conversions): in-process, or Redis lists shared by every process with REDIS_URL.
  const jobs = createJobs({ redisUrl: config.redisUrl }, app.log);
  app.addHook('onClose', async () => jobs.close());
  const notifications = createNotificationsModule({
    db: database.db,
    engine: database.engine,
    clock,
    events,
    log: app.log,
  });
  app.decorate('notifications', notifications);
  const org = createOrgModule({
    db: database.db,
    engine: database.engine,
    clock,
    notify: notifications.notify,
    addTodo: notifications.addTodo,
    closeTodo: notifications.closeTodo,
    log: app.log,
    // SQLite: the rights check reuses scope reads until a write (issue 15 §3); PostgreSQL reads each time.
    accessCache: database.otherWrites
      ? { tableWrites: database.tableWrites, otherWrites: database.otherWrites }
      : undefined,
  });
  const permissions = createPermissionsModule({
    db: database.db,
    clock,
    access: org.access,
    // A discipline used by problem topics cannot be removed (topic-service says how many use it).
    assertDomainUnused: createDomainUsageCheck(database.db),
    // The trees a template can narrow modules to, answered by the modules that own them.
    treeNodes: { units: createUnitNodes(database.db), tags: createModelTagNodes(database.db) },
  });
  const announcements = createAnnouncementsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    permissions,
    notifications,
    log: app.log,
    // Files attached to their records must be files the caller may read (issue 14).
    readableFiles: (user, ids) => files.readable(user, ids),
  });
  const contactSheets = createContactSheetsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    permissions,
    notifications,
    // A sheet's model, viewpoint and selection set must be its project's (modules/models).
    modelLinks: createModelLookup(database.db),
    log: app.log,
    // Files attached to their records must be files the caller may read (issue 14).
    readableFiles: (user, ids) => files.readable(user, ids),
  });
  const topics = createTopicsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    permissions,
    notifications,
    // Element links name a live model of the project and an element of it (modules/models).
    assertElementLinks: createModelLookup(database.db).assertElementLinks,
    // A topic's viewpoint is a viewport of its project (issue 16).
    findViewport: createModelLookup(database.db).findViewport,
    log: app.log,
    // Files attached to their records must be files the caller may read (issue 14).
    readableFiles: (user, ids) => files.readable(user, ids),
  });
  const files = createFilesModule({
    db: database.db,
    clock,
    storage,
    access: org.access,
    limits: { image: config.uploadImageMaxBytes, file: config.uploadFileMaxBytes },
    soffice: config.sofficePath,
    log: app.log,
  });
  const personnel = createPersonnelModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    storage,
    unitScope: (user, projectId, role) => permissions.treeScope(user, projectId, 'personnel', 'units', role),
    // Files attached to their records must be files the caller may read (issue 14).
    readableFiles: (user, ids) => files.readable(user, ids),
    // Full views of workers' ID numbers and phones, and exports, are audited (issue 17).
    audit: audit.log,
  });

  const models = createModelsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    storage,
    jobs,
    events,
    log: app.log,
    limits: { uploadMaxBytes: config.modelUploadMaxBytes, ...config.models },
    // Unfinished resumable uploads (tus) wait on the local disk, whatever the storage, until they are
    // finished and moved into the storage (with several processes: sticky sessions or a shared DATA_DIR).
    uploadDir: join(config.dataDir, 'uploads-in-progress'),
    tagScope: (user, projectId, role) => permissions.treeScope(user, projectId, 'modelViewer', 'tags', role),
    // SQLite: the model and version behind every element query are reused until a write (issue 15 §3).
    rowCache: database.otherWrites
      ? { tableWrites: database.tableWrites, otherWrites: database.otherWrites }
      : undefined,
  });
  // Viewports, selection sets, tags, attribute display and QR shares of the models (modules/models/views).
  const modelViews = createModelViewsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    // Files attached to their records must be files the caller may read (issue 14).
    readableFiles: (user, ids) => files.readable(user, ids),
  });
  // Workflow groups and templates, the approval engine's first slice (issue 18).
  const workflow = createWorkflowModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
  });
  // The one approval engine (issue 18): modules that own records call it in their own transactions.
  const workflowEngine = createWorkflowEngine({ db: database.db, clock, notifications, log: app.log });
  const forms = createFormsModule({
    db: database.db,
    engine: database.engine,
    clock,
    access: org.access,
    workflow: workflow.workflow,
    workflowEngine,
    notifications,
  });
  // Every file attached to a record is read through it: the owning modules answer (issue 14).
  files.registerOwner(announcements.announcements.fileOwner);
  files.registerOwner(contactSheets.contactSheets.fileOwner);
  files.registerOwner(topics.topics.fileOwner);
  files.registerOwner(personnel.personnel.fileOwner);
  files.registerOwner(personnel.violations.violations.fileOwner);
  files.registerOwner(modelViews.viewports.fileOwner);

  // Order matters: hooks run in registration order (language before anything that may fail).
  app.register(requestIdPlugin);
  app.register(gracefulClosePlugin);
  app.register(languagePlugin);
  app.register(errorsPlugin, { bodyLimit: config.bodyLimit });
  app.register(jsonBodyPlugin);
  // Before any hook that may refuse a request, so that refusals carry the security headers too.
  app.register(securityHeadersPlugin, { https });
  app.register(methodOverridePlugin);
  app.register(originCheckPlugin, { publicUrl: config.publicUrl });
  app.register(routeSchemasPlugin);
  app.register(apiDocsPlugin);
  app.register(sessionPlugin, { resolver: account.sessions, cookies });
  app.register(staticWebPlugin, { webDist: config.webDist });
  // Uploads refused (507) below the floor, before their bodies are read: deletes keep working.
  app.register(diskSpacePlugin, { diskSpace, multipartOnDisk: config.s3 === null });
  // Crash leftovers (half-written files, unfinished resumable uploads): swept at start and hourly.
  app.register(leftoversPlugin, {
    clock,
    sweeps: [
      {
        name: 'partialFiles',
        sweep: async (now) => (await storage.sweep?.(new Date(now.getTime() - PARTIAL_FILE_MAX_AGE_MS))) ?? 0,
      },
      { name: 'modelUploads', sweep: (now) => models.tus.sweep(now) },
    ],
  });

  app.register(healthRoutes, { prefix: '/api/v1', database, diskSpace });
  app.register(auditPlugin, { prefix: AUDIT_PREFIX, module: audit });
  app.register(accountPlugin, {
    prefix: ACCOUNT_PREFIX,
    module: account,
    cookies,
    notify: notifications.notify,
  });
  app.register(filesPlugin, { prefix: FILES_PREFIX, module: files });
  // base-service/clauses/{agreement|privacy}: the pages the sign-in and register views open (issue 17).
  app.register(clausePageRoutes, { prefix: FILES_PREFIX, clauses: account.clauses });
  app.register(identityPlugin, {
    prefix: IDENTITY_PREFIX,
    module: identity,
    cookies,
    publicUrl: config.publicUrl,
  });
  app.register(orgPlugin, { prefix: ACCOUNT_PREFIX, module: org });
  app.register(permissionsPlugin, { prefix: ACCOUNT_PREFIX, module: permissions });
  app.register(notificationsPlugin, { prefix: NOTIFICATIONS_PREFIX, module: notifications });
  app.register(announcementsPlugin, { prefix: ANNOUNCEMENTS_PREFIX, module: announcements });
  app.register(topicsPlugin, { prefix: TOPICS_PREFIX, module: topics });
  app.register(contactSheetsPlugin, { prefix: CONTACT_SHEETS_PREFIX, module: contactSheets });
  app.register(personnelPlugin, { prefix: PERSONNEL_PREFIX, module: personnel });
  app.register(modelsPlugin, { prefix: MODELS_PREFIX, module: models });
  app.register(modelViewsPlugin, { prefix: MODELS_PREFIX, module: modelViews });
  app.register(workflowPlugin, { prefix: WORKFLOW_PREFIX, module: workflow });
  app.register(formsPlugin, { prefix: FORMS_PREFIX, module: forms });
  // Form printing (issue 18): its own plugin beside the forms plugin; PDFs through the files' converter.
  const formPrinting = createFormPrinting({
    db: database.db,
    storage,
    converter: files.converter,
    clock,
    access: org.access,
    forms,
    log: app.log,
  });
  app.register(formPrintPlugin, { prefix: FORMS_PREFIX, print: formPrinting });

  return app as unknown as App;
}
