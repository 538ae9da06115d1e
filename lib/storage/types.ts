/** Options for one write; `timeoutMs` only matters to drivers that talk over the network. */
export type PutOptions = { contentType?: string; timeoutMs?: number }

/** Bytes `start` to `end` of an object, both included (as HTTP's `Range: bytes=start-end` counts them). */
export type ByteRange = { start: number; end: number }

/** The one storage interface the app uses; keys are relative, `/`-separated paths such as `tasks/42/out.srt`. */
export type StorageDriver = {
  put(key: string, body: Buffer | string, opts?: PutOptions): Promise<{ key: string; url?: string }>
  /**
   * Stores a file of this machine as `key`, read from disk as it is sent (a dub's track of hundreds
   * of megabytes is never held whole). The file itself is left where it is.
   */
  putFile(key: string, file: string, opts?: PutOptions): Promise<{ key: string; url?: string }>
  /** Resolves null when the key does not exist. The whole object in memory: for small ones (subtitles). */
  get(key: string): Promise<Buffer | null>
  /** The object's length in bytes, or null when the key does not exist. */
  size(key: string): Promise<number | null>
  /**
   * The object's bytes, or one range of them, as a stream read as it is consumed (a recording of
   * hundreds of megabytes is never held whole); cancelling it closes the file or the connection.
   * Resolves null when the key does not exist.
   */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>
  /** Succeeds whether or not the key existed. */
  delete(key: string): Promise<void>
  kind: 'local' | 'oss'
}

export type OssStorageConfig = {
  /** `cn-hangzhou` or `oss-cn-hangzhou`. */
  region: string
  bucket: string
  /** Omit for Aliyun's regional endpoint; a custom domain (with `cname`) or a local fake's URL otherwise. */
  endpoint?: string
  /** The endpoint is a domain bound to the bucket (required for new mainland accounts). */
  cname?: boolean
  accessKeyId: string
  accessKeySecret: string
  stsToken?: string
}

export type StorageConfig = { driver: 'local' | 'oss'; dir: string; oss?: OssStorageConfig }
