import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toasts } from '../components/ui/Toasts.tsx';
import { AuthProvider } from '../features/accounts/AuthProvider.tsx';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
  });
}

/** Everything the pages share: server-state cache, the signed-in user, toasts (SPEC §9). */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
