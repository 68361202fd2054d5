import type { User, UserExpanded } from '@lintel/contracts/account';
import type { CountryCode } from '@lintel/contracts/system';
import { fromJson } from '../../db/json';
import type { CountryCodeRow } from './system.repository';
import type { UserRow } from './user.repository';

function sexOf(value: number | null): 0 | 1 | null {
  return value === 0 || value === 1 ? value : null;
}

/** Field by field, so that a new column (a hash, a flag) never reaches a client by accident. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    nickName: row.nick_name,
    phoneNumber: row.phone_number ?? '',
    countryCode: row.country_code,
    email: row.email,
    avatar: row.avatar,
    settings: fromJson<Record<string, unknown>>(row.settings, {}),
    isTrial: row.is_trial === 1,
    isSystemAdmin: row.is_system_admin === 1,
    sex: sexOf(row.sex),
    city: row.city,
    work: row.work,
    project: row.project,
    company: row.company,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Only while it holds: absent means false, so every answer and fixture without it stays valid.
    ...(row.must_change_password === 1 ? { mustChangePassword: true } : {}),
  };
}

/** GET users/{id}?expand=true: the profile payload as one object, and whether it is complete. */
export function presentUserExpanded(row: UserRow): UserExpanded {
  const profile = {
    sex: sexOf(row.sex),
    city: row.city,
    work: row.work,
    project: row.project,
    company: row.company,
    position: row.position,
  };
  const required = [row.city, row.work, row.project, row.company, row.position];
  return {
    ...presentUser(row),
    profile,
    profileComplete: required.every((value) => value !== null && value !== ''),
  };
}

export function presentCountryCode(row: CountryCodeRow): CountryCode {
  return { code: row.code, name: row.name, nameEn: row.name_en };
}
