// The bottom of the graph: the error every layer throws and its localized message. Domain modules
// import it from here; the HTTP layer (lib/http) only maps it to the response envelope.
export { AppError, HTTP_STATUS, type AppErrorCode, type ErrorKey } from './app-error'
export { errorMessage, isErrorKey } from './messages'
