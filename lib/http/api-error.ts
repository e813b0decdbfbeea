// The one error type of the API. lib code throws these through the named factories; the route
// wrapper renders them once as application/problem+json (RFC 9457).

export const PROBLEM_TYPES = {
  'bad-request': {
    status: 400,
    title: 'Requête invalide',
    description: 'La requête ne peut pas être lue : corps JSON mal formé, par exemple.',
  },
  validation: {
    status: 400,
    title: 'Paramètres invalides',
    description:
      'Un ou plusieurs paramètres sont invalides. Le membre errors liste chaque problème avec son emplacement (params, query, body) et son chemin.',
  },
  unauthorized: {
    status: 401,
    title: 'Authentification requise',
    description:
      'Un jeton d’accès OAuth 2.0 valide est requis dans l’en-tête Authorization: Bearer. L’en-tête WWW-Authenticate précise le problème.',
  },
  forbidden: {
    status: 403,
    title: 'Accès refusé',
    description: 'Vos droits ne permettent pas cette opération.',
  },
  'insufficient-scope': {
    status: 403,
    title: 'Portée insuffisante',
    description:
      'Le jeton ne porte pas la portée (scope) requise, nommée dans required_scope et dans l’en-tête WWW-Authenticate.',
  },
  'not-found': {
    status: 404,
    title: 'Ressource introuvable',
    description: 'Aucune ressource à cette adresse.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Méthode non autorisée',
    description:
      'La méthode HTTP n’est pas acceptée à cette adresse ; l’en-tête Allow liste celles qui le sont.',
  },
  'not-acceptable': {
    status: 406,
    title: 'Format non disponible',
    description:
      'Aucun format demandé par l’en-tête Accept n’est disponible (« Accept: */* » seul ne désigne aucun format). Le membre available liste les formats proposés.',
  },
  conflict: {
    status: 409,
    title: 'Conflit',
    description: 'La ressource est dans un état qui empêche l’opération.',
  },
  unprocessable: {
    status: 422,
    title: 'Données invalides',
    description:
      'Le corps de la requête est lisible mais ses données sont invalides. Le membre errors liste chaque champ en cause avec son chemin ; pour une liste de valeurs, le message nomme les valeurs acceptées.',
  },
  gone: {
    status: 410,
    title: 'Ressource expirée',
    description: 'L’adresse a expiré ; demandez-en une nouvelle.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Corps de requête trop volumineux',
    description: 'Le corps de la requête dépasse la taille acceptée.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Type de contenu non pris en charge',
    description:
      'Le corps de la requête n’est pas d’un type accepté à cette adresse : JSON (Content-Type: application/json), ou formulaire là où il est accepté. Le détail nomme les types acceptés.',
  },
  'too-many-requests': {
    status: 429,
    title: 'Trop de requêtes',
    description:
      'Trop de requêtes en peu de temps ; l’en-tête Retry-After donne le délai d’attente en secondes.',
  },
  internal: {
    status: 500,
    title: 'Erreur interne',
    description: 'Erreur inattendue du service. Communiquez la référence request_id au support.',
  },
  unavailable: {
    status: 503,
    title: 'Service temporairement indisponible',
    description:
      'Le service ou la ressource n’est pas prêt ; réessayez après le délai de l’en-tête Retry-After.',
  },
  'gateway-timeout': {
    status: 504,
    title: 'Délai dépassé',
    description:
      'La base de données n’a pas répondu dans le délai imparti (DB_STATEMENT_TIMEOUT_MS) ; réessayez après le délai de l’en-tête Retry-After.',
  },
} as const

export type ProblemType = keyof typeof PROBLEM_TYPES

export interface FieldIssue {
  /** Where the value came from: path parameters, query string or JSON body. */
  location: 'params' | 'query' | 'body' | 'header'
  /** Dotted path of the offending value, e.g. "search.code_commune". Empty for the whole input. */
  path: string
  message: string
  code?: string
}

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  errors?: FieldIssue[]
  [extension: string]: unknown
}

export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly title: string

  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly options: {
      errors?: FieldIssue[]
      headers?: Record<string, string>
      /** Extra members of the problem body (RFC 9457 extensions). */
      extensions?: Record<string, unknown>
    } = {},
  ) {
    super(detail)
    this.status = PROBLEM_TYPES[type].status
    this.title = PROBLEM_TYPES[type].title
  }

  get headers(): Record<string, string> {
    return this.options.headers ?? {}
  }

  toProblem(instance?: string): ProblemBody {
    return {
      type: `/problems/${this.type}`,
      title: this.title,
      status: this.status,
      detail: this.detail,
      ...(instance ? { instance } : {}),
      ...(this.options.errors ? { errors: this.options.errors } : {}),
      ...this.options.extensions,
    }
  }
}

export const badRequest = (detail: string, errors?: FieldIssue[], extensions?: Record<string, unknown>) =>
  new ApiError(errors ? 'validation' : 'bad-request', detail, {
    ...(errors ? { errors } : {}),
    ...(extensions ? { extensions } : {}),
  })

export const unauthorized = (detail: string, wwwAuthenticate: string) =>
  new ApiError('unauthorized', detail, { headers: { 'WWW-Authenticate': wwwAuthenticate } })

export const insufficientScope = (missing: readonly string[], anyOf = false) => {
  const scope = missing.join(' ')
  const detail = anyOf
    ? `Cette ressource demande l'une des portées suivantes : ${missing.join(', ')}.`
    : `Cette ressource demande la portée ${missing.join(', ')}.`
  // The header's error_description must be plain ASCII (RFC 6750 §3): English there, French in the body.
  const description = anyOf
    ? `One of these scopes is required: ${scope}`
    : `This resource requires the scope ${scope}`
  return new ApiError('insufficient-scope', detail, {
    headers: {
      'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}", error_description="${description}"`,
    },
    extensions: { required_scope: scope },
  })
}

export const forbidden = (detail: string) => new ApiError('forbidden', detail)

export const notFound = (detail: string) => new ApiError('not-found', detail)

export const conflict = (detail: string) => new ApiError('conflict', detail)

export const methodNotAllowed = (allowed: readonly string[]) =>
  new ApiError('method-not-allowed', `Méthodes acceptées sur cette adresse : ${allowed.join(', ')}.`, {
    headers: { Allow: allowed.join(', ') },
  })

export const notAcceptable = (offered: readonly string[], detail?: string) =>
  new ApiError(
    'not-acceptable',
    detail ??
      `Aucun des formats demandés par l'en-tête Accept n'est disponible. Formats proposés : ${offered.join(', ')}.`,
    { extensions: { available: offered } },
  )

/** Readable data that break the resource's rules (422), each field issue listed. */
export const unprocessable = (detail: string, errors: FieldIssue[]) =>
  new ApiError('unprocessable', detail, { errors })

export const gone = (detail: string) => new ApiError('gone', detail)

export const payloadTooLarge = (limitBytes: number) =>
  new ApiError('payload-too-large', `Le corps de la requête dépasse ${Math.round(limitBytes / 1024)} Kio.`)

export const unsupportedMediaType = (detail: string) => new ApiError('unsupported-media-type', detail)

export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError('too-many-requests', detail, { headers: { 'Retry-After': String(retryAfterSeconds) } })

export const unavailable = (detail: string, retryAfterSeconds: number) =>
  new ApiError('unavailable', detail, { headers: { 'Retry-After': String(retryAfterSeconds) } })

/** 503 while the database cannot be reached (lib/db/availability.ts). */
export const databaseUnavailable = (retryAfterSeconds: number) =>
  unavailable(
    'La base de données est momentanément injoignable ; réessayez dans quelques secondes.',
    retryAfterSeconds,
  )

/** 504 when a statement ran out of time. */
export const databaseTimeout = (retryAfterSeconds: number) =>
  new ApiError(
    'gateway-timeout',
    'La base de données n’a pas répondu à temps ; réessayez dans quelques secondes.',
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    },
  )

export const internalError = (requestId: string) =>
  new ApiError('internal', `Une erreur inattendue est survenue (référence ${requestId}).`, {
    extensions: { request_id: requestId },
  })
