import 'server-only'
import { AsyncLocalStorage } from 'node:async_hooks'

// Who a request's charges are made through, when it is not the owner's own browser: a request made
// with an API key runs inside `withLedgerNote('API key "…"')`, and every entry the ledger writes for
// it carries that note, so the owner sees in their history which key spent the points.
const current = new AsyncLocalStorage<string>()

/** Runs `fn` with `note` kept on every ledger entry written meanwhile (unless the entry has its own). */
export function withLedgerNote<T>(note: string, fn: () => Promise<T>): Promise<T> {
  return current.run(note, fn)
}

/** The note of the running request's charges, if any. */
export function ledgerNote(): string | undefined {
  return current.getStore()
}
