import type { SystemProfile, SystemProfilePatch } from '@lintel/contracts/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configureHttp, http } from '../../../lib/http';
import { profileQuery, systemKeys } from '../api';

const PROFILE = 'account-service/system/profile';

/** The profile as stored now (read again when the screen opens, whatever the shell has cached). */
export function useEditableProfile() {
  return useQuery({ ...profileQuery, staleTime: 0, retry: false });
}

/**
 * What a saved profile changes at once in this tab: the shell's header and footer read the same query, and
 * the HTTP switch applies to the next call. Other tabs and users get it at their next page load.
 */
function useApplyProfile() {
  const queryClient = useQueryClient();
  return (profile: SystemProfile) => {
    configureHttp({ methodOverride: profile.methodOverride });
    queryClient.setQueryData(systemKeys.profile(), profile);
  };
}

export function useSaveProfile() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: (patch: SystemProfilePatch) => http.post<SystemProfile>(PROFILE, patch),
    onSuccess: apply,
  });
}

export function useSetLogo() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: (data: string) => http.put<SystemProfile>(`${PROFILE}/logo`, { data }),
    onSuccess: apply,
  });
}

export function useRemoveLogo() {
  const apply = useApplyProfile();
  return useMutation({
    mutationFn: () => http.delete<SystemProfile>(`${PROFILE}/logo`),
    onSuccess: apply,
  });
}

/** The file's bytes as base64 (what PUT system/profile/logo takes). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
