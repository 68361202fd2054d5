import { isEnterprisePlan } from '@lintel/contracts/enterprise-admin';
import type { Translate } from './errors';

/**
 * An enterprise's plan in the reader's language (the system area, the enterprise's own info page); an older
 * free-text value is shown as stored, an empty one as "not set".
 */
export function planLabel(plan: string, t: Translate): string {
  if (isEnterprisePlan(plan)) return t(`common:plan.${plan}`);
  return plan || t('common:plan.none');
}
