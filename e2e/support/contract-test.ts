// The `test` of the API specs (e2e/api): Playwright's, with every response a test receives checked
// against the server's own /openapi.json by a third-party validator (Ajv, JSON Schema 2020-12, via
// lib/testing/openapi-contract): the status declared for the operation, the content type declared
// for that status, the body against its schema. Responses of Playwright's `request` and of
// rawRequest (e2e/support/http) are both checked; any mismatch fails the test that received it.
// Addresses that are no operation of the document (OAuth, /bff, pages, files) are left alone.
import { test as base, expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { OpenApiContract, type OpenApiDocument } from '@/lib/testing/openapi-contract'
import { observeResponses } from './http'

export { expect }

const contracts = new Map<string, Promise<OpenApiContract>>()

/** The document a server publishes, fetched once per worker and server. */
function contractOf(baseURL: string): Promise<OpenApiContract> {
  let contract = contracts.get(baseURL)
  if (!contract) {
    contract = (async () => {
      const response = await fetch(new URL('/openapi.json', baseURL), {
        headers: { Accept: 'application/json' },
      })
      if (!response.ok) throw new Error(`GET ${baseURL}/openapi.json: ${response.status}`)
      return new OpenApiContract((await response.json()) as OpenApiDocument)
    })()
    contracts.set(baseURL, contract)
  }
  return contract
}

const REQUEST_METHODS = ['fetch', 'get', 'head', 'post', 'put', 'patch', 'delete'] as const

export const test = base.extend<{ contractChecks: string[] }>({
  contractChecks: [
    async ({ baseURL }, provide, testInfo) => {
      const mismatches: string[] = []
      const pending: Array<Promise<void>> = []
      const stop = observeResponses((response) => {
        pending.push(
          contractOf(response.baseURL).then((contract) => {
            mismatches.push(
              ...contract.check({
                method: response.method,
                url: response.url,
                status: response.status,
                headers: response.headers,
                body: response.bytes,
              }),
            )
          }),
        )
      })
      if (baseURL) await contractOf(baseURL)
      await provide(mismatches)
      stop()
      await Promise.all(pending)
      if (mismatches.length > 0)
        await testInfo.attach('openapi-mismatches', {
          body: mismatches.join('\n'),
          contentType: 'text/plain',
        })
      expect(mismatches, 'responses that /openapi.json does not describe').toEqual([])
    },
    { auto: true },
  ],

  request: async ({ request, baseURL, contractChecks }, provide) => {
    const check = async (method: string, url: string, response: APIResponse) => {
      const address = new URL(response.url())
      const contract = await contractOf(baseURL ?? address.origin)
      contractChecks.push(
        ...contract.check({
          method,
          url: address.pathname + address.search,
          status: response.status(),
          // Playwright gives the body decoded: its Content-Encoding no longer applies.
          headers: { ...response.headers(), 'content-encoding': undefined },
          body: method.toUpperCase() === 'HEAD' ? Buffer.alloc(0) : await response.body(),
        }),
      )
    }
    const checked = new Proxy(request, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown
        if (typeof value !== 'function' || !(REQUEST_METHODS as readonly PropertyKey[]).includes(property))
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
        return async (url: string, options?: { method?: string }) => {
          const response = await (value as (u: string, o?: unknown) => Promise<APIResponse>).call(
            target,
            url,
            options,
          )
          const method = property === 'fetch' ? (options?.method ?? 'GET') : String(property).toUpperCase()
          await check(method, url, response)
          return response
        }
      },
    }) as APIRequestContext
    await provide(checked)
  },
})
