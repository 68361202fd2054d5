import {
  APP_VERSION,
  APP_VERSION_FALLBACK,
  type CountryCode,
  FALLBACK_COUNTRY_CODES,
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
import { createSystemRepository } from './system.repository';
import { presentCountryCode } from './user.presenter';

export const PROFILE_SETTING_KEY = 'system.profile';

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
    // Stored by an older version with other rules? Then ignore it rather than break every page.
    const parsed = systemProfilePatchSchema.safeParse(fromJson<unknown>(text, {}));
    return parsed.success ? parsed.data : {};
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

    /** Merges `patch` into the stored overrides; answers the resulting profile. */
    async update(patch: SystemProfilePatch): Promise<SystemProfile> {
      await db.transaction().execute(async (trx) => {
        const repository = createSystemRepository(trx);
        const current = fromJson<SystemProfilePatch>(await repository.getSetting(PROFILE_SETTING_KEY), {});
        await repository.putSetting(
          PROFILE_SETTING_KEY,
          toJson({ ...current, ...patch }),
          clock.now().toISOString(),
        );
      });
      return get();
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
