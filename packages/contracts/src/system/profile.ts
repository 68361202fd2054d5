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

// ── what an administrator may set (POST account-service/system/profile, the /system branding screen) ──

export const PROFILE_LIMITS = {
  productName: 40,
  productNameEn: 60,
  copyrightCompany: 100,
  icp: 64,
  extraInfo: 300,
  url: 512,
} as const;

/**
 * An ICP filing number as the ministry issues it: a province's short name, ICP备 or ICP证, the number, 号,
 * and optionally the site's sequence (京ICP备12345678号-1, 粤ICP证B2-20080000号).
 */
export const ICP_PATTERN = /^[\u4e00-\u9fa5]{1,3}ICP[备证][A-Za-z0-9-]{1,24}号(-\d{1,3})?$/;

/** A link the profile may hold: empty, an http(s) address, or a path of this site (never javascript: or //host). */
export function isProfileUrl(value: string): boolean {
  return value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);
}

const profileUrl = z.string().trim().max(PROFILE_LIMITS.url).refine(isProfileUrl, 'system.badUrl');

/**
 * What may be overridden in the database: any subset, each field checked (lengths, the ICP number's form,
 * links that cannot run script). The logo is set through its own call (PUT system/profile/logo).
 */
export const systemProfilePatchSchema = z.strictObject({
  productName: z.string().trim().min(1).max(PROFILE_LIMITS.productName).optional(),
  productNameEn: z.string().trim().max(PROFILE_LIMITS.productNameEn).optional(),
  logoUrl: profileUrl.optional(),
  copyrightCompany: z.string().trim().max(PROFILE_LIMITS.copyrightCompany).optional(),
  copyrightCompanyEn: z.string().trim().max(PROFILE_LIMITS.copyrightCompany).optional(),
  icp: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.icp)
    .refine((value) => value === '' || ICP_PATTERN.test(value), 'system.badIcp')
    .optional(),
  extraInfo: z.string().trim().max(PROFILE_LIMITS.extraInfo).optional(),
  cloud: z.boolean().optional(),
  i18n: z.boolean().optional(),
  logoutTime: systemProfileSchema.shape.logoutTime.optional(),
  privacyNotice: z.boolean().optional(),
  passportLogin: z.boolean().optional(),
  methodOverride: z.boolean().optional(),
  downloads: z
    .strictObject({
      pc: profileUrl,
      revit: profileUrl,
      navisworks: profileUrl,
      ios: profileUrl,
      android: profileUrl,
    })
    .optional(),
});
export type SystemProfilePatch = z.infer<typeof systemProfilePatchSchema>;

/** The largest logo accepted (bytes): it is shown on every page, the sign-in page included. */
export const LOGO_MAX_BYTES = 256 * 1024;

/** PUT account-service/system/profile/logo: the image (JPEG, PNG, GIF or WebP, told by its bytes) as base64. */
export const systemLogoSchema = z.strictObject({
  data: z
    .string()
    .min(4)
    // Twice the allowance: a somewhat larger image gets system.logoTooLarge (with the limit) from the server.
    .max(Math.ceil((2 * LOGO_MAX_BYTES) / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type SystemLogo = z.infer<typeof systemLogoSchema>;

export const countryCodeSchema = z.object({
  code: z.string().regex(/^\d{1,4}$/),
  name: z.string(),
  nameEn: z.string(),
});
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const DEFAULT_COUNTRY_CODE = '86';
/** The list used when none is configured (spec 000 §9: "the country list falls back to 86 only"). */
export const FALLBACK_COUNTRY_CODES: CountryCode[] = [{ code: '86', name: '中国', nameEn: 'China' }];
