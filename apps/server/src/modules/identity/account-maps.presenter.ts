import type { AccountMapRow } from './account-maps.repository';

export interface HongwaUserMap {
  _id: string;
  yzUserId: string;
  relationId: string;
  vendor: string;
  createdAt: string;
}

export interface AccountMap {
  _id: string;
  userId: string;
  account: string;
  vendor: string;
  relationId: string;
  createdAt: string;
}

/** hongwa-service usermaps: the names of its request (`yzUserId` is the product user). */
export function presentHongwaUserMap(row: AccountMapRow): HongwaUserMap {
  return {
    _id: row.id,
    yzUserId: row.user_id,
    relationId: row.relation_id,
    vendor: row.vendor,
    createdAt: row.created_at,
  };
}

/** zyf-service and thirdparty-oauth-service accountmaps. */
export function presentAccountMap(row: AccountMapRow): AccountMap {
  return {
    _id: row.id,
    userId: row.user_id,
    account: row.account,
    vendor: row.vendor,
    relationId: row.relation_id,
    createdAt: row.created_at,
  };
}
