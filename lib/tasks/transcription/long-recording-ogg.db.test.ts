// A long recording as a recorder writes it: Opus in Ogg with pages as long as Ogg allows (255
// packets), 3 hours with a sentence every 5 minutes (test/long-recording.ts). The speech-to-text
// fake decodes each chunk with the system's current ffmpeg, as a provider would. Every sentence
// comes back, and every cue lands within 250 ms of where the sentence is heard in the whole
// recording. The WebM with long clusters is long-recording-webm.db.test.ts: a file of its own, so
// the two run side by side.
import { LONG_OPUS, LONG_SENTENCES, LONG_TOTAL_MS, longRecordingSuite } from '@/test/long-recording'
import { makeRecording } from '@/test/speech-audio'

await longRecordingSuite({
  name: 'long-ogg',
  fileName: 'lecture.ogg',
  untilMs: LONG_TOTAL_MS,
  title: '3 hours in Ogg with long pages: every sentence comes back, on time',
  make: (file) => makeRecording({ sentences: LONG_SENTENCES, totalMs: LONG_TOTAL_MS, file, ...LONG_OPUS, encoderArgs: [...LONG_OPUS.encoderArgs, '-page_duration', '60000000'] }),
})
