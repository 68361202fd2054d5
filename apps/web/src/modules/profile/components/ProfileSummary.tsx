import { EditOutlined } from '@ant-design/icons';
import { ENGINEERING_TYPE_OPTIONS, SEX, type User, WORK_OPTIONS } from '@lintel/contracts/account';
import { Button, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The profile of registration step 2, read-only, with the way to edit it (the step-2 form). */
export function ProfileSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notSet = <Typography.Text type="secondary">{t('accountPage:profile.notSet')}</Typography.Text>;
  const show = (value: ReactNode | null | undefined) => (value ? value : notSet);
  const work = (WORK_OPTIONS as readonly string[]).includes(user.work ?? '')
    ? t(`profile:work.${user.work}`)
    : user.work;
  const project = (ENGINEERING_TYPE_OPTIONS as readonly string[]).includes(user.project ?? '')
    ? t(`profile:engineering.${user.project}`)
    : user.project;
  const sex =
    user.sex === null ? null : t(user.sex === SEX.female ? 'profile:sex.female' : 'profile:sex.male');
  const complete = Boolean(user.city && user.work && user.project && user.company && user.position);

  return (
    <div className="account-section" data-testid="account-profile">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'sex', label: t('profile:complete.sex'), children: show(sex) },
          { key: 'company', label: t('profile:complete.company'), children: show(user.company) },
          { key: 'position', label: t('profile:complete.position'), children: show(user.position) },
          {
            key: 'city',
            label: t('profile:complete.city'),
            children: show(user.city?.split('/').join(' / ')),
          },
          { key: 'work', label: t('profile:complete.work'), children: show(work) },
          { key: 'project', label: t('profile:complete.project'), children: show(project) },
        ]}
      />
      <Button
        icon={<EditOutlined />}
        onClick={() => void navigate('/perfectinformationnext', { state: { from: 'account' } })}
        data-testid="account-profile-edit"
      >
        {complete ? t('accountPage:profile.edit') : t('accountPage:profile.complete')}
      </Button>
    </div>
  );
}
