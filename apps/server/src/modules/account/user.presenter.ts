import type { User } from '@lintel/contracts/account';
import type { CountryCode } from '@lintel/contracts/system';
import { fromJson } from '../../db/json';
import type { CountryCodeRow } from './system.repository';
import type { UserRow } from './user.repository';

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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentCountryCode(row: CountryCodeRow): CountryCode {
  return { code: row.code, name: row.name, nameEn: row.name_en };
}
