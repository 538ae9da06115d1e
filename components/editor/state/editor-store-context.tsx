'use client'

import { createContext, useContext, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { createEditorStore, type EditorStore, type EditorStoreApi } from './editor-store'

const EditorStoreContext = createContext<EditorStoreApi | null>(null)

/** Gives the editor under it one store of its own, made once per mount. */
export function EditorStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createEditorStore)
  return <EditorStoreContext value={store}>{children}</EditorStoreContext>
}

/** The store itself, for callbacks that read the latest state (`getState()`) without rendering on it. */
export function useEditorStoreApi(): EditorStoreApi {
  const store = useContext(EditorStoreContext)
  if (!store) throw new Error('useEditorStore outside EditorStoreProvider')
  return store
}

/**
 * A slice of the editor's state; the component renders again only when the slice changes. The
 * selector must answer a stored value or a primitive (a new object each call would never settle).
 */
export function useEditorStore<T>(selector: (state: EditorStore) => T): T {
  return useStore(useEditorStoreApi(), selector)
}
