'use client'

import { ApiError, localeHeaders, unwrapEnvelope } from './api'

/**
 * Posts a multipart form with XHR so a dialog can show upload progress (fetch cannot report it).
 * Resolves with the envelope's data; rejects with an ApiError like `api()`, or an AbortError.
 */
export function postForm<T>(url: string, form: FormData, { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(localeHeaders())) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total)
    xhr.onerror = () => reject(new ApiError(0, '', 0))
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'))
    xhr.onload = () => {
      try {
        resolve(unwrapEnvelope<T>(xhr.status, xhr.statusText, xhr.responseText))
      } catch (error) {
        reject(error)
      }
    }
    if (signal?.aborted) return reject(new DOMException('upload aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
