import Link from 'next/link'

export default function Forbidden() {
  return (
    <section className="notice-page">
      <h1>Accès réservé</h1>
      <p>Cette page est réservée aux administrateurs. Votre compte ne permet pas d’y accéder.</p>
      <p>
        <Link href="/">Retour à l’explorateur</Link>
      </p>
    </section>
  )
}
