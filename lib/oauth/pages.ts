// The few HTML pages the authorization server answers itself (errors it cannot redirect, a refused
// sign-in attempt): plain, French, accessible, styled like the app, no script.
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#161616;line-height:1.5}
header{padding:.75rem 1rem;border-bottom:1px solid #d0d0d0;font-weight:700}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}a{color:#000091}dt{font-weight:600}dd{margin:0 0 .5rem}`

/** A complete page; `title` is escaped, `body` is trusted HTML built by the caller. */
export function oauthPage({ title, body }: { title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Données territoriales</title><style>${STYLE}</style></head>
<body><header>Données territoriales</header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}
