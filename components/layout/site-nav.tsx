'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import type { Role } from '@/lib/auth/users'

interface NavItem {
  href: string
  label: string
  role: Role
}

/** The sections of the app; administrators see everything, staff the explorer and the offers. */
const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Explorateur', role: 'staff' },
  { href: '/offres', label: 'Offres immobilières', role: 'staff' },
  { href: '/jeux-de-donnees', label: 'Jeux de données', role: 'admin' },
  { href: '/applications', label: 'Applications', role: 'admin' },
]

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' || pathname.startsWith('/etablissements') : pathname.startsWith(href)
}

export function SiteNav({ role }: { role: Role | null }) {
  const pathname = usePathname()
  if (!role) return null
  const items = NAV_ITEMS.filter((item) => role === 'admin' || item.role === 'staff')
  return (
    <nav aria-label="Navigation principale" className="site-nav">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
