import type { AccountRuleKey } from '@lintel/contracts/account';
import type { Translate } from '../../lib/errors';

/**
 * The text of an account rule key of the contracts ('account.emailInvalid' → accountPage:rules.emailInvalid),
 * worded as the contracts' ACCOUNT_MESSAGES (a test keeps the two equal).
 */
export function ruleMessage(key: AccountRuleKey, t: Translate): string {
  return t(`accountPage:rules.${key.replace(/^account\./, '')}`);
}
