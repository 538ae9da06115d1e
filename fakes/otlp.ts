import { gunzipSync } from 'node:zlib'
import { sendJson, startFakeServer, type FakeServer } from './server'

// An OpenTelemetry collector's trace receiver, as small as the tests need: OTLP/HTTP with the JSON
// encoding (`POST /v1/traces`, an ExportTraceServiceRequest, optionally gzipped), which is what
// @opentelemetry/exporter-trace-otlp-http sends. It decodes the real protocol and keeps every span.

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean }
type KeyValue = { key: string; value: AnyValue }
type OtlpLink = { traceId: string; spanId: string }
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; startTimeUnixNano: string; endTimeUnixNano: string; attributes?: KeyValue[]; links?: OtlpLink[]; status?: { code?: number } }
type ExportRequest = { resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[] }

/** A span as received: ids in hex, attributes as plain values, the service that sent it. */
export type ReceivedSpan = {
  traceId: string
  spanId: string
  parentSpanId: string | null
  name: string
  /** OTLP SpanKind: 1 internal, 2 server. */
  kind: number
  durationMs: number
  attributes: Record<string, string | number | boolean>
  links: OtlpLink[]
  statusCode: number
  service: string
}

export type OtlpReceiver = FakeServer & { spans: ReceivedSpan[] }

const plain = (value: AnyValue): string | number | boolean =>
  value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue === undefined ? '' : Number(value.intValue))

const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map((kv) => [kv.key, plain(kv.value)]))

export async function startOtlpReceiver({ port }: { port?: number } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const server = await startFakeServer({
    name: 'otlp',
    port,
    handler: async (req, res) => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/v1/traces') return sendJson(res, 404, {})
      if (!String(req.headers['content-type']).startsWith('application/json')) return sendJson(res, 415, { message: 'this receiver decodes the JSON encoding only' })
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const raw = Buffer.concat(chunks)
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as ExportRequest
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '')
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || null,
              name: span.name,
              kind: span.kind,
              durationMs: Number((BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1_000_000n),
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              statusCode: span.status?.code ?? 0,
              service,
            })
          }
        }
      }
      // ExportTraceServiceResponse: an empty object is full success.
      sendJson(res, 200, {})
    },
  })
  return Object.assign(server, { spans })
}
