'use client'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { z } from 'zod'

// In the browser, zod validates without compiling code: its probe for `new Function` would be
// reported as a violation of the Content-Security-Policy, which allows no eval (the server keeps
// zod's compiled parsers).
if (typeof window !== 'undefined') z.config({ jitless: true })

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser session (not per render).
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 2, refetchOnWindowFocus: false } },
      }),
  )
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
