import { useMutation } from '@tanstack/react-query';
import { redeemSessionHandover } from '@shared/data/session-handover';
import { getSupabase } from '@web/lib/supabase';

/** Spends the extension's one-time code and signs this browser in (#40 item 17). */
export function useRedeemSessionHandover() {
  return useMutation({
    mutationFn: (code: string) => redeemSessionHandover(getSupabase(), code),
  });
}
