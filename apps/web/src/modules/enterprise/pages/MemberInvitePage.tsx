import '../locales';
import '../enterprise.css';
import { REMARK_MAX_LENGTH } from '@lintel/contracts/account';
import { Alert, App, Button, Card, Descriptions, Input, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { useCurrentUser } from '../../account/api';
import { useApplyInvitation, useInvitation } from '../api';
import { MyInvitations } from '../components/MyInvitations';
import { SignInPrompt } from '../components/SignInPrompt';

type Outcome = 'submitted' | 'exists' | 'pending' | 'invalid' | 'revoked' | null;

const isRevoked = (error: unknown) => isHttpError(error) && error.body.key === 'org.invitationRevoked';

/** What a failed apply means for the page, or null for an error shown as is. */
function outcomeOf(error: unknown): Outcome {
  if (!isHttpError(error)) return null;
  if (error.body.key === 'org.memberExists') return 'exists';
  if (error.body.key === 'org.requestPending') return 'pending';
  if (isRevoked(error)) return 'revoked';
  if (error.status === 404) return 'invalid';
  return null;
}

/**
 * /e/member-invite?token=…: the invitation to join an enterprise, circle or project (GET
 * member-invitations/{token}); the signed-in user applies with a remark and waits for an administrator.
 * Without a token (`?invitation=…` from a notification, or nothing): the invitations addressed to the
 * user, which they accept or decline.
 */
export default function MemberInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token, user !== null);
  const apply = useApplyInvitation(token);
  const [remark, setRemark] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (!user) {
    return (
      <div className="page enterprise-invite">
        <SignInPrompt title={t('enterprise:invite.title')} testId="invite-visitor" />
      </div>
    );
  }
  if (token === '') {
    // antd's App gives the answers their messages (in this chunk only, see providers.tsx).
    return (
      <App component={false}>
        <div className="page enterprise-invite" data-testid="invitations-page">
          <Card
            title={t('enterprise:invitations.title')}
            variant="borderless"
            className="enterprise-invite__card"
          >
            <MyInvitations />
          </Card>
        </div>
      </App>
    );
  }

  const home = (
    <Button type="primary" onClick={() => void navigate('/home')} data-testid="invite-home">
      {t('enterprise:invite.home')}
    </Button>
  );
  const failedToLoad =
    token === '' || (invitation.isError && isHttpError(invitation.error) && invitation.error.status === 404);
  const info = invitation.data;
  const revoked = invitation.isError && isRevoked(invitation.error);
  const state: Outcome =
    outcome ??
    (revoked
      ? 'revoked'
      : failedToLoad
        ? 'invalid'
        : info?.isMember
          ? 'exists'
          : info?.pending
            ? 'pending'
            : null);

  let body: ReactNode;
  if (state === 'revoked') {
    // The server's message ('revoked by an administrator'), and what to do about it.
    body = (
      <Result
        status="warning"
        title={errorMessage(invitation.error ?? apply.error, t)}
        subTitle={t('enterprise:invite.revokedHint')}
        extra={home}
        data-testid="invite-revoked"
      />
    );
  } else if (state === 'invalid') {
    body = (
      <Result
        status="warning"
        title={t('enterprise:invite.invalid')}
        extra={home}
        data-testid="invite-error"
      />
    );
  } else if (state === 'exists') {
    body = (
      <Result status="info" title={t('enterprise:invite.exists')} extra={home} data-testid="invite-exists" />
    );
  } else if (state === 'submitted' || state === 'pending') {
    body = (
      <Result
        status="success"
        title={
          state === 'submitted' ? t('enterprise:invite.submitted') : t('enterprise:invite.alreadyPending')
        }
        subTitle={t('enterprise:invite.waiting')}
        extra={home}
        data-testid="invite-submitted"
      />
    );
  } else if (invitation.isPending) {
    body = <PageSpinner />;
  } else if (invitation.isError || !info) {
    body = (
      <Result
        status="error"
        title={t('enterprise:invite.invalid')}
        subTitle={errorMessage(invitation.error, t)}
        extra={
          <Button onClick={() => void invitation.refetch()} data-testid="invite-retry">
            {t('common:action.retry')}
          </Button>
        }
        data-testid="invite-error"
      />
    );
  } else {
    const submit = () =>
      apply.mutate(remark.trim(), {
        onSuccess: () => setOutcome('submitted'),
        onError: (error) => {
          const next = outcomeOf(error);
          if (next) setOutcome(next);
        },
      });
    body = (
      <div data-testid="invite-form">
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'scope',
              label: t(`enterprise:invite.scope.${info.scopeType}`),
              children: <strong data-testid="invite-scope">{info.scopeName}</strong>,
            },
            {
              key: 'inviter',
              label: t('enterprise:invite.inviter'),
              children: info.inviter ? info.inviter.nickName || info.inviter.name : '—',
            },
            { key: 'expires', label: t('enterprise:invite.expires'), children: formatDate(info.expiresAt) },
          ]}
        />
        <label className="enterprise-invite__label" htmlFor="invite-remark">
          {t('enterprise:invite.remark')}
        </label>
        <Input.TextArea
          id="invite-remark"
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          maxLength={REMARK_MAX_LENGTH}
          showCount
          rows={3}
          placeholder={t('enterprise:invite.remarkPlaceholder')}
          data-testid="invite-remark"
        />
        {apply.isError && !outcomeOf(apply.error) ? (
          <Alert
            type="error"
            showIcon
            message={errorMessage(apply.error, t)}
            className="enterprise-invite__alert"
          />
        ) : null}
        <Button type="primary" block loading={apply.isPending} onClick={submit} data-testid="invite-apply">
          {t('enterprise:invite.apply')}
        </Button>
      </div>
    );
  }

  return (
    <div className="page enterprise-invite" data-testid="invite-page">
      <Card title={t('enterprise:invite.title')} variant="borderless" className="enterprise-invite__card">
        {body}
      </Card>
    </div>
  );
}
