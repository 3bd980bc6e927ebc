import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionEvent } from '../../lib/api-client.ts';

/**
 * Goes to / when the session ends with that request (SignOut; a 401/403 on the user sync or the
 * own orders) or a call is denied with `onDenied: 'home'` (SPEC §4, §8). Mount it once, inside
 * the router, on every page that can make such a call: the navbar does.
 */
export function useSessionNavigation(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEvent((event) => {
        if ((event.type === 'ended' && event.goHome) || event.type === 'denied') navigate('/');
      }),
    [navigate],
  );
}
