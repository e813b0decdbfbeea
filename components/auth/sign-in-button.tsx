'use client'

import { signIn } from 'next-auth/react'
import { useState } from 'react'

/** Starts the staff sign-in (Authorization Code flow with this service's authorization server). */
export function SignInButton({ providerId, callbackUrl }: { providerId: string; callbackUrl: string }) {
  const [pending, setPending] = useState(false)
  return (
    <button
      type="button"
      className="button"
      disabled={pending}
      onClick={() => {
        setPending(true)
        void signIn(providerId, { callbackUrl }).catch(() => setPending(false))
      }}
    >
      {pending ? 'Redirection…' : 'Se connecter'}
    </button>
  )
}
