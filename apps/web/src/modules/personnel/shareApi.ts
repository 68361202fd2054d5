import type { PersonnelPublicCard } from '@lintel/contracts/personnel';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { PERSONNEL_SERVICE, personnelKeys } from './keys';

/**
 * The public card behind a share token (no session). Apart from the module's api.ts: the share page opens
 * from a QR code on a phone and loads only this, the http client and its own texts.
 */
export function usePublicCard(token: string) {
  return useQuery({
    queryKey: personnelKeys.card(token),
    queryFn: ({ signal }) =>
      http.get<PersonnelPublicCard>(`${PERSONNEL_SERVICE}/share/personnel/${encodeURIComponent(token)}`, {
        signal,
      }),
    // An unknown token stays unknown.
    retry: false,
  });
}
