import type { Metadata, Viewport } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { SignedInUser } from '@/components/auth/signed-in-user'
import { SiteNav } from '@/components/layout/site-nav'
import { StatusBanner } from '@/components/status/status-banner'
import { getStatus } from '@/lib/status/get-status'
import { optionalUser } from './_auth/require-user'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Données territoriales', template: '%s · Données territoriales' },
  description: 'Données fiscales et économiques sur les territoires français',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A database outage must not take the pages down: the status banner reports it.
  const [user, status] = await Promise.all([optionalUser(), getStatus().catch(() => null)])
  return (
    <html lang="fr">
      <body>
        <Providers>
          <a className="skip-link" href="#contenu">
            Aller au contenu
          </a>
          <StatusBanner initial={status} />
          <header className="site-header">
            <Link className="site-title" href="/">
              Données territoriales
            </Link>
            <SiteNav role={user?.role ?? null} />
            <SignedInUser user={user ? { name: user.name, role: user.role } : null} />
          </header>
          <main id="contenu" className="site-main">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  )
}
