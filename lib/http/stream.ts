// Streaming response bodies built from text pieces (GeoJSON of searches and datasets).

/** Streams text pieces as UTF-8 in chunks of about `batchBytes`, pulling only as the client reads. */
export function textStream(
  pieces: AsyncIterable<string>,
  batchBytes = 64 * 1024,
): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let batch = ''
      while (batch.length < batchBytes) {
        const { value, done } = await iterator.next()
        if (done) {
          if (batch) controller.enqueue(encoder.encode(batch))
          controller.close()
          return
        }
        batch += value
      }
      controller.enqueue(encoder.encode(batch))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
