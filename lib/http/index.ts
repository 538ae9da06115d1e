export { ok, fail, SUCCESS_CODE, ERROR_CODES, type Envelope, type ErrorName } from './envelope'
export { route, type HandlerContext } from './route'
export { toAppError } from './error-mapper'
export { callerLocale } from './caller-locale'
