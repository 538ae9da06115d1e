export { ok, fail, SUCCESS_CODE, type Envelope } from './envelope'
export { route, type HandlerContext } from './route'
export { toAppError } from './error-mapper'
export { callerLocale } from './caller-locale'
