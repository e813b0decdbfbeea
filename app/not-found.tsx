import Link from 'next/link'

export default function NotFound() {
  return (
    <section className="notice-page">
      <h1>Page introuvable</h1>
      <p>Cette adresse ne correspond à aucune page.</p>
      <p>
        <Link href="/">Retour à l’accueil</Link>
      </p>
    </section>
  )
}
