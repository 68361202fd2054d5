import type { ProfilePayload, Reauth, User, UserUpdate } from '@lintel/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, http } from '../../lib/http';
import { uploadForm } from '../../lib/upload';
import { updateSessionUser } from '../account/api';

const userPath = (id: string) => `account-service/users/${encodeURIComponent(id)}`;

/** PUT account-service/users/{id}: nickName, avatar, or the whole profile payload (spec 000 §3). */
export function updateUser(id: string, patch: UserUpdate): Promise<User> {
  return http.put<User>(userPath(id), patch);
}

/** PUT account-service/users/{id}/email, with the proof that it is the account's owner (issue 14). */
export function changeEmail(id: string, email: string, proof: Reauth): Promise<User> {
  return http.put<User>(`${userPath(id)}/email`, { email, ...proof });
}

// The phone (PUT users/{id}/phoneNumber) and the password (PUT users/{id}/password?verify=true) are the
// account module's `useBindPhone` and `useChangePassword`.

/**
 * POST base-service/files with the image in the form field `file`; answers the path the image is served at
 * (`files[0]`), which is what `avatar` takes.
 */
export async function uploadImage(
  image: Blob,
  fileName: string,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', image, fileName);
  const answer = await uploadForm<{ files?: string[] } | undefined>('base-service/files', form, {
    onProgress,
  });
  const path = answer?.files?.[0];
  if (!path) throw new Error('The upload answered no file path');
  return path;
}

/** A mutation answering the user: the answer replaces the signed-in user everywhere (header included). */
function useUserMutation<Variables>(mutationFn: (variables: Variables) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => updateSessionUser(queryClient, user),
  });
}

/** The avatar: upload the cropped JPEG as avatar.jpg, then store its path on the user. */
export function useSaveAvatar(userId: string) {
  return useUserMutation(
    async ({ jpeg, onProgress }: { jpeg: Blob; onProgress?: (percent: number) => void }) => {
      const path = await uploadImage(jpeg, 'avatar.jpg', onProgress);
      return updateUser(userId, { avatar: path });
    },
  );
}

export function useSaveProfile(userId: string) {
  return useUserMutation((profile: ProfilePayload) => updateUser(userId, profile));
}

export function useSaveNickname(userId: string) {
  return useUserMutation((nickName: string) => updateUser(userId, { nickName }));
}

export function useChangeEmail(userId: string) {
  return useUserMutation(({ email, proof }: { email: string; proof: Reauth }) =>
    changeEmail(userId, email, proof),
  );
}

/**
 * POST account-service/users/{id}/trialPlan: the trial enterprise and project of the cloud edition
 * (spec 000 §2). 409 means the user has them already, which is what was wanted.
 */
export async function createTrialPlan(userId: string): Promise<void> {
  try {
    await http.post(`${userPath(userId)}/trialPlan`, {});
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return;
    throw error;
  }
}

export function useCreateTrialPlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createTrialPlan(userId),
    // The home page lists the user's projects: the trial project is one of them now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
