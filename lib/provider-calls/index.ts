// Calling outside providers, for every feature that does (lib/translate, lib/transcribe, lib/tasks):
// retries with backoff, the give-up wait, and the per-account 429 pause shared by the whole
// process (how many calls run at once is lib/pool's). No I/O of its own: it runs the call it is handed.
export { callProvider, DEFAULT_RETRY, GIVE_UP_RATE_WAIT_MS, type ProviderCall, type ProviderFailure, type RetryPolicy } from './call'
export { abortableSleep, clearPauses, MAX_PAUSE_MS, pauseLeft, pauseProvider, providerAnswered, waitForProvider, type Sleep } from './pause'
export { retryAfterOf, ServiceCallError, type ServiceFailureKind } from './service-error'
