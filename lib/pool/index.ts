// The one concurrency pool (pool.ts): a bound on work at once, waited for or refused when busy,
// per key under one for all, and over a list of items. Pure: safe anywhere.
export { createPool, keyedPool, mapWithConcurrency, eachWithConcurrency, PoolBusyError, type Pool } from './pool'
