import { z } from 'zod';

/** The version this build reports, and the one clients fall back to (spec 000 §1, §9). */
export const APP_VERSION = '6.6.2';
export const APP_VERSION_FALLBACK = '6.6.1';

/**
 * The OEM profile (`GET account-service/system/profile`): what a branded or white-label build shows and
 * which switches it has on. Defaults come from configuration and can be overridden in the database.
 */
export const systemProfileSchema = z.object({
  productName: z.string(),
  productNameEn: z.string(),
  logoUrl: z.string(),
  copyrightCompany: z.string(),
  copyrightCompanyEn: z.string(),
  version: z.string(),
  fallbackVersion: z.string(),
  buildDate: z.string(),
  icp: z.string(),
  extraInfo: z.string(),
  /** Cloud edition: creates a trial project at registration. The on-premise build has it off. */
  cloud: z.boolean(),
  /** Shows the language menu. false reproduces the specification's OEM build. */
  i18n: z.boolean(),
  /** Idle auto-logout in minutes; 0 means never. */
  logoutTime: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  privacyNotice: z.boolean(),
  passportLogin: z.boolean(),
  /** Clients send PUT and DELETE as POST with X-HTTP-Method-Override. */
  methodOverride: z.boolean(),
  /** Where each client of the download page comes from; an empty string means not offered by this site. */
  downloads: z.object({
    pc: z.string(),
    revit: z.string(),
    navisworks: z.string(),
    ios: z.string(),
    android: z.string(),
  }),
});
export type SystemProfile = z.infer<typeof systemProfileSchema>;

/** What may be overridden in the database (POST account-service/system/profile): any subset. */
export const systemProfilePatchSchema = systemProfileSchema
  .omit({ version: true, fallbackVersion: true, buildDate: true })
  .partial()
  .strict();
export type SystemProfilePatch = z.infer<typeof systemProfilePatchSchema>;

export const countryCodeSchema = z.object({
  code: z.string().regex(/^\d{1,4}$/),
  name: z.string(),
  nameEn: z.string(),
});
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const DEFAULT_COUNTRY_CODE = '86';
/** The list used when none is configured (spec 000 §9: "the country list falls back to 86 only"). */
export const FALLBACK_COUNTRY_CODES: CountryCode[] = [{ code: '86', name: '中国', nameEn: 'China' }];
