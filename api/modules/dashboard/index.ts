// The dashboard module's front door: what other modules may use of it (layering/imports holds them to it).

export { replaceCombinedStat, replaceScoreStats } from './dashboard.repo';
