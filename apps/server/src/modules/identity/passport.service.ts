import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { PassportConfig } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { Source } from '../sms/index';
import type { AccountPort, SignedIn } from './account-port';
import { createIdentityRepository, type PendingIdentityRow } from './identity.repository';
import type { IdentityService } from './identity.service';
import { createPassportClient, PassportError } from './passport.client';
import { codeChallengeS256, randomToken, sameDigest, sha256Hex } from './pkce';

/** A state and a pending identity live 10 minutes (the oauth cookie as long). */
export const PASSPORT_FLOW_MS = 10 * 60 * 1000;
export const PASSPORT_CALLBACK_PATH = '/api/v1/account-service/passport/callback';
/** Code 100 of the OAuth bind (spec 000 §8): the web shows its tip. */
export const BIND_FAILED_CODE = 100;

/** Why a callback did not sign anyone in: `/login?oauthError=<reason>`. */
export type PassportFailure = 'state' | 'denied' | 'provider' | 'disabled';

export type CallbackOutcome =
  | { kind: 'signedIn'; login: SignedIn }
  | { kind: 'pending'; ticket: string; thirdpartyAccount: string }
  | { kind: 'failed'; reason: PassportFailure; error?: unknown };

export interface CallbackInput {
  code: string | undefined;
  state: string | undefined;
  /** The provider's error parameter (the person refused, …). */
  error: string | undefined;
  /** The oauth cookie's value. */
  binding: string | null;
  previousToken: string | null;
}

export interface PassportLoginInput {
  account: string | undefined;
  password: string | undefined;
  ticket: string | undefined;
  binding: string | null;
  previousToken: string | null;
  /** Where the password attempt comes from (throttled per address, issue 14). */
  source: Source;
}

export interface PassportServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  passport: PassportConfig | null;
  accounts: AccountPort;
  identities: IdentityService;
}

export function createPassportService({ db, clock, passport, accounts, identities }: PassportServiceDeps) {
  const client = passport ? createPassportClient(passport) : null;
  const repository = createIdentityRepository(db);

  function configured() {
    if (!client) throw new AppError(404, 'identity.passportDisabled');
    return client;
  }

  const expiresAt = () => new Date(clock.now().getTime() + PASSPORT_FLOW_MS).toISOString();
  const expired = (row: { expires_at: string }) => Date.parse(row.expires_at) <= clock.now().getTime();

  async function pendingFor(input: PassportLoginInput): Promise<PendingIdentityRow> {
    const invalid = () => new AppError(400, 'identity.ticketInvalid');
    if (!input.binding) throw invalid();
    const bindingHash = sha256Hex(input.binding);
    const pending = input.ticket
      ? await repository.findPending(sha256Hex(input.ticket))
      : await repository.findLatestPendingByBinding(bindingHash);
    // The ticket alone is not enough: it must come from the browser that went through the provider.
    if (!pending || expired(pending) || !sameDigest(pending.binding_hash, bindingHash)) throw invalid();
    return pending;
  }

  return {
    /** The display toggle of the sign-in page and the provider's name. */
    info(): { enabled: boolean; name: string | null } {
      return { enabled: passport !== null, name: passport?.name ?? null };
    },

    /**
     * GET passport/authorize: a new state and PKCE verifier, kept server-side and bound to a fresh cookie
     * value; answers where to send the browser and that value.
     */
    async begin(origin: string): Promise<{ location: string; binding: string }> {
      const provider = configured();
      const binding = randomToken();
      const state = randomToken();
      const verifier = randomToken();
      const redirectUri = `${origin}${PASSPORT_CALLBACK_PATH}`;
      const now = clock.now();
      await repository.deleteExpired(now.toISOString());
      await repository.insertState({
        id: sha256Hex(state),
        binding_hash: sha256Hex(binding),
        code_verifier: verifier,
        redirect_uri: redirectUri,
        created_at: now.toISOString(),
        expires_at: expiresAt(),
      });
      const location = provider.authorizeUrl({
        state,
        codeChallenge: codeChallengeS256(verifier),
        redirectUri,
      });
      return { location, binding };
    },

    /**
     * GET passport/callback: the state is used up whatever happens next. A known identity signs its
     * account in; an unknown one waits as a pending identity for passport_login.
     */
    async complete(input: CallbackInput): Promise<CallbackOutcome> {
      const provider = configured();
      if (!input.state || !input.binding) return { kind: 'failed', reason: 'state' };
      const state = await repository.consumeState(sha256Hex(input.state));
      if (!state || expired(state) || !sameDigest(state.binding_hash, sha256Hex(input.binding))) {
        return { kind: 'failed', reason: 'state' };
      }
      if (input.error) return { kind: 'failed', reason: 'denied' };
      if (!input.code) return { kind: 'failed', reason: 'provider' };

      let person: { sub: string; name: string | null };
      try {
        const accessToken = await provider.exchangeCode(input.code, state.code_verifier, state.redirect_uri);
        person = await provider.userInfo(accessToken);
      } catch (error) {
        if (error instanceof PassportError) return { kind: 'failed', reason: 'provider', error };
        throw error;
      }

      const userId = await identities.boundUserId('passport', person.sub);
      if (userId) {
        const account = await accounts.findUser(userId);
        if (!account || account.disabled) return { kind: 'failed', reason: 'disabled' };
        const login = await accounts.signIn(userId, {
          rememberMe: false,
          previousToken: input.previousToken,
        });
        return { kind: 'signedIn', login };
      }

      const ticket = randomToken();
      const thirdpartyAccount = person.name ?? person.sub;
      const now = clock.now();
      await repository.insertPending({
        id: sha256Hex(ticket),
        binding_hash: state.binding_hash,
        provider: 'passport',
        subject: person.sub,
        display_name: thirdpartyAccount,
        created_at: now.toISOString(),
        expires_at: expiresAt(),
      });
      return { kind: 'pending', ticket, thirdpartyAccount };
    },

    /**
     * POST passport_login: the product account's password, then the pending identity is bound to it and
     * used up. When the bind fails (bound meanwhile to another account) the new session ends again.
     */
    async loginAndBind(input: PassportLoginInput): Promise<SignedIn> {
      configured();
      const account = input.account?.trim();
      if (!account) throw new AppError(400, 'identity.accountRequired');
      if (!input.password) throw new AppError(400, 'identity.passwordRequired');
      const pending = await pendingFor(input);
      const login = await accounts.loginWithPassword({
        name: account,
        password: input.password,
        rememberMe: false,
        previousToken: input.previousToken,
        source: input.source,
      });
      try {
        await db.transaction().execute(async (trx) => {
          if ((await createIdentityRepository(trx).deletePending(pending.id)) === 0) {
            throw new AppError(400, 'identity.ticketInvalid');
          }
          await identities.bind(
            {
              provider: 'passport',
              subject: pending.subject,
              displayName: pending.display_name,
              userId: login.user._id,
            },
            trx,
          );
        });
      } catch (error) {
        await accounts.endSession(login.token);
        throw error;
      }
      return login;
    },

    /**
     * PUT associate: binds the identity an access token proves to the signed-in account. The token is
     * checked by asking the provider who it belongs to; it must be `openId`.
     */
    async associate(user: User, openId: string, accessToken: string): Promise<User> {
      const provider = configured();
      let person: { sub: string; name: string | null };
      try {
        person = await provider.userInfo(accessToken);
      } catch (error) {
        if (error instanceof PassportError && error.kind === 'rejected') {
          throw new AppError(400, 'identity.bindFailed', { code: BIND_FAILED_CODE, cause: error });
        }
        if (error instanceof PassportError) {
          throw new AppError(502, 'identity.providerUnavailable', { cause: error });
        }
        throw error;
      }
      if (person.sub !== openId) throw new AppError(400, 'identity.bindFailed', { code: BIND_FAILED_CODE });
      await identities.bind({
        provider: 'passport',
        subject: person.sub,
        displayName: person.name ?? person.sub,
        userId: user._id,
      });
      return user;
    },
  };
}
export type PassportService = ReturnType<typeof createPassportService>;
