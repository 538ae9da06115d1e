// A long recording as a browser writes it: Opus in WebM with clusters of 30 s (Matroska's longest
// is 32.767 s), the first 30 minutes of the 3-hour lecture (test/long-recording.ts) with the same
// sound and encoder settings: clusters are what a browser's file adds, and the 3-hour length is the
// Ogg's to prove (long-recording-ogg.db.test.ts). Every sentence comes back, and every cue lands
// within 250 ms of where the sentence is heard.
import { LONG_OPUS, LONG_SENTENCES, longRecordingSuite } from '@/test/long-recording'
import { makeRecording } from '@/test/speech-audio'

const WEBM_MS = 30 * 60_000

await longRecordingSuite({
  name: 'long-webm',
  fileName: 'lecture.webm',
  untilMs: WEBM_MS,
  title: '30 minutes in WebM with long clusters, as a browser writes it: every sentence comes back, on time',
  make: (file) =>
    makeRecording({
      sentences: LONG_SENTENCES.filter((s) => s.atMs < WEBM_MS),
      totalMs: WEBM_MS,
      file,
      format: 'webm',
      ...LONG_OPUS,
      encoderArgs: [...LONG_OPUS.encoderArgs, '-cluster_time_limit', '30000', '-cluster_size_limit', '8000000'],
    }),
})
