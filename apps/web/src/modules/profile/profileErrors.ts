import { errorMessage, type Translate } from '../../lib/errors';
import { isHttpError } from '../../lib/http';

/**
 * A failed avatar upload (spec 000 §8): a refused type (415) or size (413) says so, in the server's words
 * when it gave them; anything else is 'Failed to upload icon' with what went wrong.
 */
export function avatarUploadError(error: unknown, t: Translate): string {
  if (isHttpError(error) && (error.status === 415 || error.status === 413)) {
    if (error.fromServer && error.body.message) return error.body.message;
    return t(error.status === 415 ? 'profile:avatar.typeNotAllowed' : 'profile:avatar.tooLarge');
  }
  return t('profile:avatar.uploadFailed', { message: errorMessage(error, t) });
}

/** A failed profile save (spec 000 §8 "profile save failure"). */
export function profileSaveError(error: unknown, t: Translate): string {
  return t('profile:complete.saveFailed', { message: errorMessage(error, t) });
}
