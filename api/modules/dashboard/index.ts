// The dashboard module's front door: what other modules may use of it (layering/imports holds them to it).

export { replaceScoreStats } from './dashboard.repo';
