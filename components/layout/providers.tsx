'use client'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } } }),
  )
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-center" theme="system" richColors closeButton />
    </QueryClientProvider>
  )
}
