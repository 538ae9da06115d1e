// A long recording as a browser writes it: Opus in WebM with clusters of 30 s (Matroska's longest
// is 32.767 s), the 3-hour lecture of test/long-recording.ts with the same sound and encoder
// settings as the Ogg (long-recording-ogg.db.test.ts). Every sentence comes back, and every cue
// lands within 250 ms of where the sentence is heard (issue 27).
import { LONG_OPUS, LONG_SENTENCES, LONG_TOTAL_MS, longRecordingSuite } from '@/test/long-recording'
import { makeRecording } from '@/test/speech-audio'

const WEBM_MS = LONG_TOTAL_MS

await longRecordingSuite({
  name: 'long-webm',
  fileName: 'lecture.webm',
  untilMs: WEBM_MS,
  title: 'about 3 hours in WebM with long clusters, as a browser writes it: every sentence comes back, on time',
  make: (file) =>
    makeRecording({
      sentences: LONG_SENTENCES,
      totalMs: WEBM_MS,
      file,
      format: 'webm',
      ...LONG_OPUS,
      encoderArgs: [...LONG_OPUS.encoderArgs, '-cluster_time_limit', '30000', '-cluster_size_limit', '8000000'],
    }),
})
