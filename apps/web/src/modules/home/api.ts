import type { TrialPlanResult } from '@lintel/contracts/org';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { orgKeys } from '../enterprise/api';

/** POST users/{id}/trialPlan: a trial enterprise with a trial project (cloud edition). */
export function useCreateTrialPlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post<TrialPlanResult>(`account-service/users/${encodeURIComponent(userId)}/trialPlan`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
