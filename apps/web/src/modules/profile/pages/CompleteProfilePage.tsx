import '../locales';
import '../profile.css';
import type { ProfilePayload } from '@lintel/contracts/account';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../../app/routeTable';
import { useCurrentUser } from '../../account/api';
import { AccountCard } from '../../account/components/AccountCard';
import { RegisterSteps } from '../../account/components/RegisterSteps';
import { useProfile } from '../../system/api';
import { useSaveProfile } from '../api';
import { AvatarUploader } from '../components/AvatarUploader';
import { ProfileForm } from '../components/ProfileForm';
import { profileSaveError } from '../profileErrors';
import { profileValuesOf } from '../profileValues';

const ACCOUNT_PATH = '/account';

/**
 * /perfectinformationnext: registration step 2 (spec 000 §2 "Registration", §4), for the signed-in user who
 * has just registered: avatar (crop and upload, saved at once), then the profile, saved with PUT users/{id};
 * then /home. Opened from /account (its "edit profile" button) it edits the same profile without the
 * registration steps, and goes back there.
 *
 * The trial project: on the cloud edition the box shows ticked and locked. Creating the project is
 * `POST users/{id}/trialPlan` (spec 000 §7), which the server does not offer yet: the call is left out until
 * it does (it would go right after the profile save, its failure not blocking the way to /home).
 */
export default function CompleteProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromAccount = (useLocation().state as { from?: string } | null)?.from === 'account';
  const { cloud } = useProfile();
  // The route needs login: the guard has sent a visitor to /login before this renders.
  const user = useCurrentUser();
  const save = useSaveProfile(user?._id ?? '');
  if (!user) return null;

  const submit = async (payload: ProfilePayload) => {
    await save.mutateAsync(payload);
    void navigate(fromAccount ? ACCOUNT_PATH : HOME_PATH, { replace: true });
  };

  return (
    <AccountCard
      wide
      steps={fromAccount ? undefined : <RegisterSteps current={1} />}
      title={fromAccount ? t('profile:complete.editTitle') : t('profile:complete.title')}
      subtitle={t('profile:complete.subtitle')}
      testId="complete-profile-page"
    >
      <div className="profile-card__avatar">
        <span className="profile-card__label">{t('profile:complete.avatar')}</span>
        <AvatarUploader user={user} />
      </div>
      <ProfileForm
        initial={profileValuesOf(user)}
        cloud={cloud}
        onSubmit={submit}
        submitting={save.isPending}
        error={save.isError ? profileSaveError(save.error, t) : null}
        onEdit={() => {
          if (save.isError) save.reset();
        }}
      />
    </AccountCard>
  );
}
