// The open-ended-judge module's front door: what other modules may use of it (layering/imports holds them to it).

export { type JudgeInputQuestion, judgeOpenEnded, type OfflineVerdicts } from './judge.service';
