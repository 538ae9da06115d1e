'use client'

import { useSyncExternalStore } from 'react'

/** The signed-in user as the client keeps it, in local storage. */
export type ClientUser = { id: string; email: string; name: string; picture: string; manager: boolean }

const USER_KEY = 'user'
const MANAGER_KEY = 'isManager'
const CHANGE_EVENT = 'ss:user-changed'

let cachedRaw: string | null | undefined
let cachedUser: ClientUser | null = null

function read(): ClientUser | null {
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(USER_KEY)
  } catch {
    return null
  }
  if (raw === cachedRaw) return cachedUser
  cachedRaw = raw
  try {
    const parsed = raw ? (JSON.parse(raw) as Omit<ClientUser, 'manager'>) : null
    cachedUser = parsed ? { ...parsed, manager: window.localStorage.getItem(MANAGER_KEY) === 'true' } : null
  } catch {
    cachedUser = null
  }
  return cachedUser
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

/** Stores the signed-in user (server shape: pic, admin) for the interface. */
export function storeUser(user: { id: string; email: string; name: string; pic: string; admin: boolean }) {
  try {
    window.localStorage.setItem(MANAGER_KEY, user.admin ? 'true' : 'false')
    window.localStorage.setItem(USER_KEY, JSON.stringify({ id: user.id, email: user.email, name: user.name, picture: user.pic }))
  } catch {
    // Storage can be unavailable (private mode); the session cookie still works.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Forgets the stored user (sign-out, dead session). */
export function clearStoredUser() {
  try {
    window.localStorage.removeItem(USER_KEY)
    window.localStorage.removeItem(MANAGER_KEY)
  } catch {
    // ignore
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** The stored user; null on the server and when signed out. */
export function useStoredUser(): ClientUser | null {
  return useSyncExternalStore(subscribe, read, () => null)
}
