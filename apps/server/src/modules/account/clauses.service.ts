import type { Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  CLAUSE_KINDS,
  type Clause,
  type ClauseKind,
  type ClauseNames,
  type ClauseUpdate,
  type Consent,
  fillClause,
} from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { AuditLog } from '../audit/index';
import { type ClauseTextRow, createClausesRepository } from './clauses.repository';
import { DEFAULT_CLAUSE_TEXTS, DEFAULT_CLAUSE_VERSION } from './clauses.texts';
import type { SystemProfileService } from './system-profile.service';

export interface ClausesServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  profile: Pick<SystemProfileService, 'get'>;
  audit: AuditLog;
}

function present(kind: ClauseKind, row: ClauseTextRow | undefined): Clause {
  if (!row) {
    const shipped = DEFAULT_CLAUSE_TEXTS[kind];
    return {
      kind,
      version: DEFAULT_CLAUSE_VERSION,
      textZh: shipped.zh,
      textEn: shipped.en,
      isDefault: true,
      updatedAt: null,
    };
  }
  return {
    kind,
    version: Number(row.version),
    textZh: row.text_zh,
    textEn: row.text_en,
    isDefault: false,
    updatedAt: row.created_at,
  };
}

/**
 * The user agreement and the privacy policy (issue 17, PIPL): the versions in force, an administrator's
 * replacement (a changed text is a new version; 409 when the editor started from an older one), and the
 * consent registration requires while the profile's privacy notice is on.
 */
export function createClausesService({ db, clock, profile, audit }: ClausesServiceDeps) {
  const repository = createClausesRepository(db);

  async function current(kind: ClauseKind): Promise<Clause> {
    return present(kind, await repository.latest(kind));
  }

  return {
    current,

    async list(): Promise<Clause[]> {
      return Promise.all(CLAUSE_KINDS.map(current));
    },

    /** The text in force in a language, its placeholders filled from the OEM profile. */
    async page(
      kind: ClauseKind,
      language: Language,
    ): Promise<{ clause: Clause; text: string; title: string }> {
      const [clause, oem] = await Promise.all([current(kind), profile.get()]);
      const english = language === 'en-US';
      const names: ClauseNames = english
        ? {
            operator: oem.copyrightCompanyEn || oem.copyrightCompany,
            product: oem.productNameEn || oem.productName,
          }
        : { operator: oem.copyrightCompany, product: oem.productName };
      const text = fillClause(english ? clause.textEn : clause.textZh, names);
      const title = (text.split('\n')[0] ?? '').replace(/^##\s*/, '').trim();
      return { clause, text, title };
    },

    /** PUT system/profile/clauses/{kind}: a new version when the text changed (system administrators). */
    async replace(user: User, ip: string | null, kind: ClauseKind, body: ClauseUpdate): Promise<Clause> {
      const before = await current(kind);
      if (body.version !== before.version) {
        throw new AppError(409, 'account.clauseChanged', { params: { version: before.version } });
      }
      if (body.textZh === before.textZh && body.textEn === before.textEn) return before;
      const row: ClauseTextRow = {
        id: newId(clock.now().getTime()),
        kind,
        version: before.version + 1,
        text_zh: body.textZh,
        text_en: body.textEn,
        created_by: user._id,
        created_at: clock.now().toISOString(),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await createClausesRepository(trx).insertVersion(row);
          await audit.record(
            {
              action: 'settings.changed',
              actorId: user._id,
              ip,
              targetType: 'clause',
              targetId: kind,
              detail: { setting: `clauses.${kind}`, version: row.version },
            },
            trx,
          );
        });
      } catch (error) {
        // Another administrator wrote this version at the same moment.
        if (isUniqueViolation(error)) {
          throw new AppError(409, 'account.clauseChanged', {
            params: { version: row.version },
            cause: error,
          });
        }
        throw error;
      }
      return present(kind, row);
    },

    /**
     * What a registration must have accepted: null when the privacy notice is off (nothing is shown, nothing
     * is recorded); else the versions in force, which `consent` must name (400 without, 409 when a text
     * changed since the page was loaded).
     */
    async requiredConsent(consent: Consent | undefined): Promise<Consent | null> {
      if (!(await profile.get()).privacyNotice) return null;
      if (!consent)
        throw new AppError(400, 'account.consentRequired', {
          details: [{ path: 'consent', key: 'account.consentRequired' }],
        });
      const [agreement, privacy] = await Promise.all([current('agreement'), current('privacy')]);
      if (consent.agreement !== agreement.version || consent.privacy !== privacy.version) {
        throw new AppError(409, 'account.clausesChanged');
      }
      return consent;
    },

    /** Records an accepted consent in the registration's transaction. */
    async record(trx: Kysely<Database>, userId: string, consent: Consent, ip: string | null): Promise<void> {
      const at = clock.now().toISOString();
      await createClausesRepository(trx).insertConsents(
        CLAUSE_KINDS.map((kind) => ({ user_id: userId, kind, version: consent[kind], accepted_at: at, ip })),
      );
    },

    consentsOf(userId: string) {
      return repository.consentsOf(userId);
    },
  };
}
export type ClausesService = ReturnType<typeof createClausesService>;
