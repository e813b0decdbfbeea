import { z } from 'zod'

/** Shape of every error body (RFC 9457), for the OpenAPI document and for tests. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    request_id: z
      .string()
      .optional()
      .describe(
        'The request id, also in the X-Request-Id response header: quote it when reporting a problem.',
      ),
    errors: z
      .array(
        z.object({
          location: z.enum(['params', 'query', 'body', 'header']),
          path: z.string(),
          message: z.string(),
          code: z.string().optional(),
        }),
      )
      .optional(),
  })
  .loose()
export type Problem = z.infer<typeof problemSchema>
