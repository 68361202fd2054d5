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
import { useCreateTrialPlan, useSaveProfile } from '../api';
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
 * The trial project: on the cloud edition the box shows ticked and locked, and after the profile is saved
 * `POST users/{id}/trialPlan` creates the trial enterprise and project. Should that fail, the page stays with
 * the reason; saving again repeats both calls (the profile save is idempotent, a trial that exists is fine).
 */
export default function CompleteProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromAccount = (useLocation().state as { from?: string } | null)?.from === 'account';
  const { cloud } = useProfile();
  // The route needs login: the guard has sent a visitor to /login before this renders.
  const user = useCurrentUser();
  const save = useSaveProfile(user?._id ?? '');
  const trial = useCreateTrialPlan(user?._id ?? '');
  if (!user) return null;
  const failure = save.error ?? trial.error;

  const submit = async (payload: ProfilePayload) => {
    await save.mutateAsync(payload);
    if (cloud && !fromAccount) await trial.mutateAsync();
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
        submitting={save.isPending || trial.isPending}
        error={failure ? profileSaveError(failure, t) : null}
        onEdit={() => {
          if (save.isError) save.reset();
          if (trial.isError) trial.reset();
        }}
      />
    </AccountCard>
  );
}
