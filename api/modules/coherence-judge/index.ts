// The coherence-judge module's front door: what other modules may use of it (layering/imports holds them to it).

export { interviewsOf, type CoherenceInterview } from './coherence.prompt';
export { judgeCoherence, type CoherenceOutcome } from './coherence.service';
