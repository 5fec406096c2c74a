/**
 * The member's side of the draws: the 'Draw record' button a group card places (its dialog, with the
 * record and the in-browser check, is loaded when it is first wanted).
 */
export { DrawRecordButton } from './draw-record-button.tsx';
export type { DrawRecordGroup } from './draw-record-dialog.tsx';
