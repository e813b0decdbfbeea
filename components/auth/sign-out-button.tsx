'use client'

import { signOut } from 'next-auth/react'
import { useState } from 'react'

/** Ends the app session and the authorization server's session, then goes home. */
export function SignOutButton() {
  const [pending, setPending] = useState(false)
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={pending}
      onClick={() => {
        setPending(true)
        void signOut({ callbackUrl: '/' }).catch(() => setPending(false))
      }}
    >
      Se déconnecter
    </button>
  )
}
