// The points ledger: lots that expire a year after purchase, an
// append-only entry per change with a unique idempotency key, and the only writer of points.
export { getBalance, grantPoints, spendPoints, reserveTaskPoints, reserveTaskRetryPoints, captureTaskPoints, releaseTaskPoints, settleTaskPoints, ReservationError, type PointsResult } from './operations'
export { lotExpiry, lockUser, inTransaction, LEDGER_TX_OPTIONS, type LotSource } from './ledger'
export { decrPointSchema, MAX_POINTS_PER_CHANGE, type DecrPointInput } from './schemas'
export { adjustPoints, type AdjustDirection } from './adjust'
export { pointHistory, HISTORY_LOTS, type PointHistory, type LotView, type EntryView } from './history'
export * from './contract'
export { withLedgerNote } from './ledger-note'
export { reserveDubPoints, settleDubPoints } from './dub-points'
