/** Name of the sealed session cookie (the proxy only checks that it exists). */
export const SESSION_COOKIE = 'ss_session'
