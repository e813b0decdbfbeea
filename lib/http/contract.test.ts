import { describe, expect, it } from 'vitest'
import { CONTRACTS } from '../openapi/contracts'
import { defineContract, exampleRequirement } from './contract'

const base = { method: 'GET', summary: 's', tags: [], formats: ['json'], responses: {} } as const

describe('route contracts', () => {
  it('require an example request on protected routes (checked by the type system)', () => {
    // @ts-expect-error a protected contract must provide an example
    defineContract({
      ...base,
      operationId: 'a',
      path: '/v0/a',
      auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
    })
    defineContract({
      ...base,
      operationId: 'c',
      path: '/v0/c',
      auth: { kind: 'dynamic', description: 'd' },
      // @ts-expect-error the example of a dynamic contract must name the scope it needs
      example: { path: '/v0/c' },
    })
    const ok = defineContract({
      ...base,
      operationId: 'b',
      path: '/v0/b',
      auth: { kind: 'dynamic', description: 'd' },
      example: { path: '/v0/b/1', scope: 'fiscal' },
    })
    expect(exampleRequirement(ok)).toEqual({ allOf: ['fiscal'] })
  })

  it('give every registered protected route an example under /v0 (the scope matrix sends it)', () => {
    for (const contract of CONTRACTS) {
      if (contract.auth.kind === 'public') {
        expect(exampleRequirement(contract)).toBeNull()
        continue
      }
      expect(contract.example, contract.operationId).toBeDefined()
      expect(contract.example!.path, contract.operationId).toMatch(/^\/v0\//)
      expect(exampleRequirement(contract), contract.operationId).not.toBeNull()
    }
  })
})
