// The attempts module's front door: counters of guesses and of mails anyone can ask for, shared by
// every API process through the database (used by auth, reports, users and mail requests).

export {
  ATTEMPT_RULES,
  pruneAttemptCounters,
  releaseAttempts,
  reserveAttempt,
  type AttemptRule,
  type Reservation,
} from './attempts.service';
