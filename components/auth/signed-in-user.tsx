import Link from 'next/link'
import type { Role } from '@/lib/auth/users'
import { SignOutButton } from './sign-out-button'

const ROLE_LABELS: Record<Role, string> = { admin: 'administrateur', staff: 'agent' }

/** The header's account area: who is signed in (with a sign-out button), or a sign-in link. */
export function SignedInUser({ user }: { user: { name: string; role: Role } | null }) {
  if (!user) {
    return (
      <Link className="header-link" href="/connexion">
        Se connecter
      </Link>
    )
  }
  return (
    <div className="account" aria-label="Compte">
      <span data-testid="signed-in-user">
        {user.name} <span className="account__role">({ROLE_LABELS[user.role]})</span>
      </span>
      <SignOutButton />
    </div>
  )
}
