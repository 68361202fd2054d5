import { CameraOutlined, CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import type { User } from '@lintel/contracts/account';
import { Avatar, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/url';
import { useSaveAvatar } from '../api';
import { avatarUploadError } from '../profileErrors';

const loadDialog = () => import('../../../components/ImageCropDialog');
/** The crop dialog (and react-easy-crop) load when the user heads for the button, not with the page. */
const ImageCropDialog = lazy(loadDialog);
const preloadDialog = () => void loadDialog().catch(() => undefined);

/** The avatar is stored at most this large: it is shown at 88 px at most, on screens up to 3x. */
const AVATAR_MAX_SIDE = 512;

/**
 * The user's avatar with a way to change it: choose and crop an image (ImageCropDialog, aspect 1), upload
 * the JPEG as avatar.jpg with its progress, then store its path on the user (spec 000 §7 "Avatar"). The
 * session user is replaced by the answer, so the header shows the new avatar at once.
 */
export function AvatarUploader({ user, size = 88 }: { user: User; size?: number }) {
  const { t } = useTranslation();
  const save = useSaveAvatar(user._id);
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so that closing it animates.
  const [mounted, setMounted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const avatar = safeUrl(user.avatar);

  const start = () => {
    save.reset();
    setSaved(false);
    setMounted(true);
    setOpen(true);
  };

  const confirm = async (jpeg: Blob) => {
    setProgress(0);
    try {
      await save.mutateAsync({ jpeg, onProgress: setProgress });
      setOpen(false);
      setSaved(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="avatar-uploader" data-testid="avatar-uploader">
      <Avatar
        size={size}
        src={avatar ?? undefined}
        icon={<UserOutlined />}
        alt={t('profile:avatar.alt', { name: user.nickName || user.name })}
        data-testid="avatar-image"
      />
      <div className="avatar-uploader__side">
        <Button
          icon={<CameraOutlined />}
          onClick={start}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          data-testid="avatar-change"
        >
          {avatar ? t('profile:avatar.change') : t('profile:avatar.upload')}
        </Button>
        <p className="avatar-uploader__hint">{t('profile:avatar.hint')}</p>
        {saved ? (
          <p className="avatar-uploader__saved" role="status" data-testid="avatar-saved">
            <CheckCircleFilled aria-hidden /> {t('profile:avatar.saved')}
          </p>
        ) : null}
      </div>
      {mounted ? (
        <Suspense fallback={null}>
          <ImageCropDialog
            open={open}
            aspect={1}
            title={t('profile:avatar.dialogTitle')}
            maxOutputSize={AVATAR_MAX_SIDE}
            onConfirm={confirm}
            onCancel={() => setOpen(false)}
            progress={progress}
            error={save.isError ? avatarUploadError(save.error, t) : null}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
