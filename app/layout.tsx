import type { Metadata, Viewport } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { StatusBanner } from '@/components/status/status-banner'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Données territoriales', template: '%s · Données territoriales' },
  description: 'Données fiscales et économiques sur les territoires français',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <body>
        <Providers>
          <a className="skip-link" href="#contenu">
            Aller au contenu
          </a>
          <StatusBanner />
          <header className="site-header">
            <Link className="site-title" href="/">
              Données territoriales
            </Link>
          </header>
          <main id="contenu" className="site-main">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  )
}
