import 'server-only'

// Mail whose sending the caller must not wait for: the answer to a password-reset request has to
// take the same time whether or not a mail goes out (an SMTP round trip would tell who has an
// account). The promises are kept only so that whoever needs every such mail delivered (a test,
// a shutdown) can wait for them.
const inFlight = new Set<Promise<void>>()

/**
 * Starts sending and returns at once. Rule: a failure goes to `onError` (no one is waiting for
 * the answer any more) and never becomes an unhandled rejection.
 */
export function sendInBackground(send: () => Promise<void>, onError: (error: unknown) => void): void {
  const sending: Promise<void> = Promise.resolve()
    .then(send)
    .catch((error: unknown) => {
      try {
        onError(error)
      } catch {
        // a failing error handler must not take the process down
      }
    })
    .finally(() => inFlight.delete(sending))
  inFlight.add(sending)
}

/** Resolves once every mail started in the background so far has been sent or has failed. */
export async function backgroundMailSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight])
}
