import type { Language } from '@lintel/contracts';
import { type CountryCode, FALLBACK_COUNTRY_CODES, type SystemProfile } from '@lintel/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { configureHttp, http } from '../../lib/http';

export const systemKeys = {
  all: ['system'] as const,
  profile: () => [...systemKeys.all, 'profile'] as const,
  countryCodes: () => [...systemKeys.all, 'countryCodes'] as const,
};

/** GET account-service/system/profile. Applies the profile's HTTP switch before anyone else can call. */
export async function fetchSystemProfile(): Promise<SystemProfile> {
  const profile = await http.get<SystemProfile>('account-service/system/profile');
  configureHttp({ methodOverride: profile.methodOverride });
  return profile;
}

/** GET account-service/system/profile/countryCodes; an empty list falls back to 86 only (spec 000 §9). */
export async function fetchCountryCodes(): Promise<CountryCode[]> {
  const codes = await http.get<CountryCode[]>('account-service/system/profile/countryCodes');
  return codes.length > 0 ? codes : FALLBACK_COUNTRY_CODES;
}

/** The profile belongs to the site, not to the user: fetched once per page load. */
export const profileQuery = queryOptions({
  queryKey: systemKeys.profile(),
  queryFn: fetchSystemProfile,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSystemProfile() {
  return useQuery(profileQuery);
}

/**
 * The profile for screens rendered inside the shell, which shows them only once the profile is loaded.
 */
export function useProfile(): SystemProfile {
  const { data } = useSystemProfile();
  if (!data) throw new Error('The system profile is read before the shell loaded it');
  return data;
}

export function useCountryCodes() {
  return useQuery({
    queryKey: systemKeys.countryCodes(),
    queryFn: fetchCountryCodes,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A branded text in the current language, falling back to the other language when one is empty. */
function localized(zh: string, en: string, language: Language): string {
  return language === 'en-US' ? en || zh : zh || en;
}

export function productName(profile: SystemProfile, language: Language): string {
  return localized(profile.productName, profile.productNameEn, language);
}

export function copyrightCompany(profile: SystemProfile, language: Language): string {
  return localized(profile.copyrightCompany, profile.copyrightCompanyEn, language);
}

/** The version to show: the build's, else the fallback version of the profile. */
export function displayVersion(profile: SystemProfile): string {
  return profile.version || profile.fallbackVersion;
}
