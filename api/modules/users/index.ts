// The users module's front door: what other modules may use of it (layering/imports holds them to it).

export {
  findLiveUserByEmail,
  findLiveUserById,
  hasOperator,
  insertUser,
  revokeAuthTokens,
  revokeUserSessions,
  updateUserById,
} from './users.repo';
export { createOperator, INVITATION_TOKEN_TTL_HOURS, newUserRow } from './users.service';
