import { createHash } from 'node:crypto';
import type { User } from '@lintel/contracts/account';
import {
  APP_VERSION,
  APP_VERSION_FALLBACK,
  type CountryCode,
  FALLBACK_COUNTRY_CODES,
  LOGO_MAX_BYTES,
  type SystemProfile,
  type SystemProfilePatch,
  systemProfilePatchSchema,
} from '@lintel/contracts/system';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ProfileDefaults } from '../../config';
import { fromJson, toJson } from '../../db/json';
import { RecentRows } from '../../db/recent-rows';
import type { Database } from '../../db/schema';
import type { TableWrites } from '../../db/table-writes';
import { AppError } from '../../plugins/app-error';
import type { AuditLog } from '../audit/index';
import { sniffPicture } from '../files/file-type';
import { createSystemRepository } from './system.repository';
import { presentCountryCode } from './user.presenter';

export const PROFILE_SETTING_KEY = 'system.profile';
/** The uploaded logo: `{ type, data (base64), etag }`, or `{}` once removed. */
export const LOGO_SETTING_KEY = 'system.logo';
/** Where the uploaded logo is served to everyone (the sign-in page shows it to visitors too). */
export const LOGO_PATH = '/api/v1/account-service/system/profile/logo';

/** Who changes the profile, from where, and the audit log the change is recorded in. */
export interface ProfileActor {
  user: User;
  ip: string | null;
  audit: AuditLog;
}

interface StoredLogo {
  type?: string;
  data?: string;
  etag?: string;
}

export interface SystemProfileServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  defaults: ProfileDefaults;
  /** When given, the stored overrides are read at most once per PROFILE_CACHE_MS (see below). */
  tableWrites?: TableWrites;
}

/**
 * The stored overrides are read again after this long: an administrator's change shows at once in the
 * process that made it and within this time in every other server process.
 */
export const PROFILE_CACHE_MS = 1000;

/** The OEM profile: configuration defaults, overridden field by field by what an administrator stored. */
export function createSystemProfileService({ db, clock, defaults, tableWrites }: SystemProfileServiceDeps) {
  const base: SystemProfile = {
    productName: defaults.productName,
    productNameEn: defaults.productNameEn,
    logoUrl: defaults.logoUrl,
    copyrightCompany: defaults.copyrightCompany,
    copyrightCompanyEn: defaults.copyrightCompanyEn,
    version: APP_VERSION,
    fallbackVersion: APP_VERSION_FALLBACK,
    buildDate: defaults.buildDate,
    icp: defaults.icp,
    extraInfo: defaults.extraInfo,
    cloud: defaults.cloud,
    i18n: defaults.i18n,
    logoutTime: defaults.logoutTime,
    privacyNotice: defaults.privacyNotice,
    passportLogin: defaults.passportLogin,
    methodOverride: defaults.methodOverride,
    downloads: { pc: '', revit: '', navisworks: '', ios: '', android: '' },
  };

  // Parsed and validated only when the stored text differs from the last one seen: that work cost more than
  // the read itself.
  let lastText: string | undefined | null = null;
  let lastProfile: SystemProfile = base;
  const stored = new RecentRows<typeof PROFILE_SETTING_KEY, { text: string | undefined }>({
    ttlMs: tableWrites ? PROFILE_CACHE_MS : 0,
    maxEntries: 1,
  });
  tableWrites?.on('settings', () => stored.clear());

  function overridesOf(text: string | undefined): SystemProfilePatch {
    // Field by field: a value stored by an older version with other rules is ignored, the rest still applies.
    const raw = fromJson<Record<string, unknown>>(text, {});
    const overrides: Record<string, unknown> = {};
    const shape = systemProfilePatchSchema.shape;
    for (const [key, value] of Object.entries(raw ?? {})) {
      if (!Object.hasOwn(shape, key)) continue;
      const parsed = shape[key as keyof typeof shape].safeParse(value);
      if (parsed.success && parsed.data !== undefined) overrides[key] = parsed.data;
    }
    return overrides as SystemProfilePatch;
  }

  /** Merges `patch` into the stored overrides in `trx`; answers what changed (field → new value). */
  async function merge(
    trx: Kysely<Database>,
    patch: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const repository = createSystemRepository(trx);
    const current = fromJson<Record<string, unknown>>(await repository.getSetting(PROFILE_SETTING_KEY), {});
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (JSON.stringify(current[key]) !== JSON.stringify(value)) changed[key] = value;
    }
    const next = { ...current, ...patch };
    for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
    await repository.putSetting(PROFILE_SETTING_KEY, toJson(next), clock.now().toISOString());
    return changed;
  }

  /** An audit detail: which fields changed, with the texts (never anything secret: the profile is public). */
  function auditDetail(changed: Record<string, unknown>): Record<string, string | number | boolean | null> {
    const detail: Record<string, string | number | boolean | null> = {
      fields: Object.keys(changed).join(','),
    };
    for (const [key, value] of Object.entries(changed)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        detail[key] = value;
      else if (value === undefined) detail[key] = null;
    }
    return detail;
  }

  async function storedText(): Promise<string | undefined> {
    const cached = stored.get(PROFILE_SETTING_KEY);
    if (cached) return cached.text;
    const generation = stored.generation;
    const text = await createSystemRepository(db).getSetting(PROFILE_SETTING_KEY);
    stored.set(PROFILE_SETTING_KEY, { text }, generation);
    return text;
  }

  async function get(): Promise<SystemProfile> {
    const text = await storedText();
    if (text !== lastText) {
      lastProfile = { ...base, ...overridesOf(text) };
      lastText = text;
    }
    return lastProfile;
  }

  return {
    get,

    /** Merges `patch` into the stored overrides (audited when something changed); answers the profile. */
    async update(actor: ProfileActor, patch: SystemProfilePatch): Promise<SystemProfile> {
      await db.transaction().execute(async (trx) => {
        const changed = await merge(trx, patch);
        if (Object.keys(changed).length === 0) return;
        await actor.audit.record(
          {
            action: 'systemProfile.updated',
            actorId: actor.user._id,
            ip: actor.ip,
            targetType: 'systemProfile',
            detail: auditDetail(changed),
          },
          trx,
        );
      });
      return get();
    },

    /**
     * A new logo: an image told by its bytes (JPEG, PNG, GIF or WebP, as the files module accepts pictures),
     * at most LOGO_MAX_BYTES, kept in the database so that every server process serves it; the profile's
     * logoUrl then points at it, versioned by its hash.
     */
    async setLogo(actor: ProfileActor, base64: string): Promise<SystemProfile> {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > LOGO_MAX_BYTES) {
        throw new AppError(400, 'system.logoTooLarge', { params: { max: LOGO_MAX_BYTES / 1024 } });
      }
      const type = sniffPicture(bytes);
      if (!type) throw new AppError(415, 'system.logoNotImage');
      const etag = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
      await db.transaction().execute(async (trx) => {
        const at = clock.now().toISOString();
        const stored: StoredLogo = { type: type.mime, data: bytes.toString('base64'), etag };
        await createSystemRepository(trx).putSetting(LOGO_SETTING_KEY, toJson(stored), at);
        const changed = await merge(trx, { logoUrl: `${LOGO_PATH}?v=${etag}` });
        await actor.audit.record(
          {
            action: 'systemProfile.updated',
            actorId: actor.user._id,
            ip: actor.ip,
            targetType: 'systemProfile',
            detail: { ...auditDetail(changed), logoBytes: bytes.length, logoType: type.mime },
          },
          trx,
        );
      });
      return get();
    },

    /** Back to the configured logo (or the built-in mark). */
    async removeLogo(actor: ProfileActor): Promise<SystemProfile> {
      await db.transaction().execute(async (trx) => {
        await createSystemRepository(trx).putSetting(LOGO_SETTING_KEY, toJson({}), clock.now().toISOString());
        const changed = await merge(trx, { logoUrl: undefined });
        await actor.audit.record(
          {
            action: 'systemProfile.updated',
            actorId: actor.user._id,
            ip: actor.ip,
            targetType: 'systemProfile',
            detail: { ...auditDetail(changed), logoRemoved: true },
          },
          trx,
        );
      });
      return get();
    },

    /** The uploaded logo's bytes, or null when none is set. */
    async logo(): Promise<{ bytes: Buffer; type: string; etag: string } | null> {
      const stored = fromJson<StoredLogo>(await createSystemRepository(db).getSetting(LOGO_SETTING_KEY), {});
      if (!stored.data || !stored.type || !stored.etag) return null;
      return { bytes: Buffer.from(stored.data, 'base64'), type: stored.type, etag: stored.etag };
    },

    async logoutTime(): Promise<number> {
      return (await get()).logoutTime;
    },

    /** The configured list, or 86 alone when none is configured (spec 000 §9). */
    async countryCodes(): Promise<CountryCode[]> {
      const rows = await createSystemRepository(db).listCountryCodes();
      return rows.length > 0 ? rows.map(presentCountryCode) : FALLBACK_COUNTRY_CODES;
    },
  };
}
export type SystemProfileService = ReturnType<typeof createSystemProfileService>;
