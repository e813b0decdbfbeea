// The documentation of each problem type: the `type` member of every error body links here.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PROBLEM_TYPES, type ProblemType } from '@/lib/http/api-error'

export function generateStaticParams() {
  return Object.keys(PROBLEM_TYPES).map((type) => ({ type }))
}

export const dynamicParams = false

function problemOf(type: string) {
  return Object.hasOwn(PROBLEM_TYPES, type) ? PROBLEM_TYPES[type as ProblemType] : undefined
}

export async function generateMetadata({ params }: PageProps<'/problems/[type]'>): Promise<Metadata> {
  const problem = problemOf((await params).type)
  return { title: problem ? `Erreur ${problem.status} : ${problem.title}` : 'Erreur' }
}

export default async function ProblemPage({ params }: PageProps<'/problems/[type]'>) {
  const { type } = await params
  const problem = problemOf(type)
  if (!problem) notFound()
  return (
    <article>
      <h1>
        {problem.status} — {problem.title}
      </h1>
      <p>{problem.description}</p>
      <p>
        Type : <code>/problems/{type}</code>. Les erreurs de l’API suivent la RFC 9457
        (application/problem+json) : type, title, status, detail, et selon le cas errors, instance.
      </p>
    </article>
  )
}
