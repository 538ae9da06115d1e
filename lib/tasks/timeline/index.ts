// What the editor's timeline keeps with a task: its waveform peaks and its video's shot changes.
export { taskPeaks, savePeaks } from './peaks'
export { taskShotChanges, saveShotChanges } from './shot-changes'
export { putPeaksBody, peaksAnswerSchema, storedPeaksSchema, putShotChangesBody, shotChangesAnswerSchema, PEAKS_BODY_LIMIT } from './schemas'
