// Types of the parts of s3rver (an S3-compatible server for tests; no published typings) we use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    configureBuckets?: Array<{ name: string }>
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
