import type { Role } from '@/lib/auth/users'
import { SignInLink } from './sign-in-link'
import { SignOutButton } from './sign-out-button'

const ROLE_LABELS: Record<Role, string> = { admin: 'administrateur', staff: 'agent' }

/** The header's account area: who is signed in (with a sign-out button), or the sign-in link. */
export function SignedInUser({ user }: { user: { name: string; role: Role } | null }) {
  if (!user) {
    return <SignInLink />
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
