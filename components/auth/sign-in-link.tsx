'use client'

import { usePathname } from 'next/navigation'
import { signInStartUrl } from '@/lib/oauth/sign-in-path'

/**
 * « Se connecter » in the header: straight to the sign-in form, then back to this page with its
 * search (the query string is read when the link is followed, so it is the current one).
 */
export function SignInLink() {
  const pathname = usePathname()
  return (
    <a
      className="header-link"
      href={signInStartUrl(pathname)}
      onClick={(event) => {
        event.currentTarget.href = signInStartUrl(`${window.location.pathname}${window.location.search}`)
      }}
    >
      Se connecter
    </a>
  )
}
