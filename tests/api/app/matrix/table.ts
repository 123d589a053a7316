import { ADMIN_OF_A, ALL, ANY_ADMIN, contractInput, LOGGED_IN, MEMBER_OF_A, OPERATOR, type Cell } from './principals';
import { DATAFILE_MATRIX } from './table-datafiles';

export type { Cell };
export { ROUTE_MATRIX, type RouteCell } from './table-datafiles';

/**
 * Who may call what (the roles' rights, on the server): every root operation of the schema, the
 * principals allowed; everyone else must be refused with nothing written. A schema operation
 * missing here fails the suite, so new operations are denied until someone decides.
 */
export const MATRIX: Record<string, Cell> = {
  // Public
  health: { query: '{health}', vars: () => ({}), allow: ALL },
  getPasswordEncryptionKey: { query: '{getPasswordEncryptionKey}', vars: () => ({}), allow: ALL },
  // Certificates are shown to strangers by their holders: checking a code and reading the key need no login.
  getCertificatePublicKey: { query: '{getCertificatePublicKey}', vars: () => ({}), allow: ALL },
  verifyCertificate: {
    query: 'query($c:String!){verifyCertificate(certificateCode:$c){signatureValid}}',
    vars: () => ({ c: '0000-0000-0000-0' }),
    allow: ALL,
    acceptCodes: ['CERTIFICATE_NOT_FOUND'],
  },
  login: {
    query: 'mutation($e:String!,$p:String!){login(email:$e,password:$p){accessToken}}',
    vars: async (w, _p, enc) => ({ e: w.adminA.email, p: await enc(w.adminA.password) }),
    allow: ALL,
  },
  registerCompany: {
    query: 'mutation($i:RegisterCompanyInput!){registerCompany(input:$i){status}}',
    vars: async (_w, _p, enc) => ({
      i: {
        companyName: 'New Co',
        firstName: 'New',
        lastName: 'Owner',
        email: `new-${crypto.randomUUID()}@test.example`,
        password: await enc('long-enough'),
        termsAccepted: true,
      },
    }),
    allow: ALL,
  },
  updateUserOnActivation: {
    query: 'mutation($i:UserActivationInput!){updateUserOnActivation(input:$i){status}}',
    vars: () => ({ i: { token: 'madeUpToken' } }),
    allow: ALL,
    acceptCodes: ['TOKEN_NOT_FOUND'],
  },
  sendPasswordResetEmail: {
    query: 'mutation($e:String!){sendPasswordResetEmail(email:$e){status}}',
    vars: (w) => ({ e: w.employeeA.email }),
    allow: ALL,
  },
  resetPassword: {
    query: 'mutation($p:String!,$t:String!){resetPassword(newPassword:$p,passwordResetToken:$t){status}}',
    vars: async (_w, _p, enc) => ({ p: await enc('long-enough'), t: 'madeUpToken' }),
    allow: ALL,
    acceptCodes: ['TOKEN_NOT_FOUND'],
  },

  // Any logged-in user, about themselves
  me: { query: '{me{user{id}}}', vars: () => ({}), allow: LOGGED_IN },
  logout: { query: 'mutation{logout{status}}', vars: () => ({}), allow: LOGGED_IN },
  changePassword: {
    query: 'mutation($o:String!,$n:String!){changePassword(oldPassword:$o,newPassword:$n){status}}',
    vars: async (_w, _p, enc) => ({ o: await enc('Secret-123'), n: await enc('Secret-456') }),
    allow: LOGGED_IN,
  },
  updateMyLocale: { query: 'mutation{updateMyLocale(locale:en){status}}', vars: () => ({}), allow: LOGGED_IN },
  getAllNotifications: { query: '{getAllNotifications{id}}', vars: () => ({}), allow: LOGGED_IN },
  getNotificationsForLoggedinUser: {
    query: '{getNotificationsForLoggedinUser{id}}',
    vars: () => ({}),
    allow: LOGGED_IN,
  },
  createNotification: {
    query: 'mutation($n:NotificationInput!){createNotification(notification:$n){id}}',
    vars: () => ({ n: { title: 'Note', description: 'to myself' } }),
    allow: LOGGED_IN,
  },
  getClearLocalStorage: { query: '{getClearLocalStorage{value}}', vars: () => ({}), allow: LOGGED_IN },
  getMyDatafilesSummaryForDashboard: {
    query: '{getMyDatafilesSummaryForDashboard{numberOfDatafiles}}',
    vars: () => ({}),
    allow: LOGGED_IN,
  },
  // About A's owner: the owner (also by API key) and operators
  updateGetStarted: {
    query: 'mutation($u:ID!){updateGetStarted(userId:$u){status}}',
    vars: (w) => ({ u: w.adminA.id }),
    allow: ADMIN_OF_A,
  },
  updateNPS: {
    query: 'mutation($u:ID!){updateNPS(userId:$u,nextNPSDate:"2026-12-01T00:00:00.000Z"){status}}',
    vars: (w) => ({ u: w.adminA.id }),
    allow: ADMIN_OF_A,
  },
  // A new key is shown to whoever makes it: only its own user (also by API key), not even an operator.
  regenerateMagicKey: {
    query: 'mutation($u:ID!){regenerateMagicKey(userId:$u){status}}',
    vars: (w) => ({ u: w.adminA.id }),
    allow: ['ADMIN_OWN', 'API_KEY'],
  },
  // Stopping a key: the user themselves, their organisation's ADMINs (and the owner's key), operators.
  revokeMagicKey: {
    query: 'mutation($u:ID!){revokeMagicKey(userId:$u){status}}',
    vars: (w) => ({ u: w.employeeA.id }),
    allow: MEMBER_OF_A,
  },
  markNotificationAsReaded: {
    query: 'mutation($id:ID!){markNotificationAsReaded(notificationId:$id){status}}',
    vars: (w) => ({ id: w.notificationId }),
    allow: ['ADMIN_OWN', 'API_KEY'],
  },

  // Operators' switches
  setClearLocalStorage: {
    query: 'mutation{setClearLocalStorage(value:true){status}}',
    vars: () => ({}),
    allow: OPERATOR,
  },
  setSendNotification: {
    query: 'mutation{setSendNotification(value:false,type:"LOW_BALANCE"){status}}',
    vars: () => ({}),
    allow: OPERATOR,
  },

  // Organisations
  getCompanies: { query: '{getCompanies{companies{id}}}', vars: () => ({}), allow: OPERATOR },
  getCompaniesSummary: { query: '{getCompaniesSummary{numberOfNewCompanies}}', vars: () => ({}), allow: OPERATOR },
  getAllActiveCompanies: {
    query:
      '{getAllActiveCompanies{companies{id contract{id} activeCreditOverview{totalActiveBalance} latestDataImport{daysAgo}}}}',
    vars: () => ({}),
    allow: OPERATOR,
  },
  getAllNewCompanies: {
    query: '{getAllNewCompanies{companies{id companyOwner{email}}}}',
    vars: () => ({}),
    allow: OPERATOR,
  },
  getCompany: {
    query: 'query($c:ID!){getCompany(companyId:$c){id name}}',
    vars: (w) => ({ c: w.A }),
    allow: MEMBER_OF_A,
  },
  getCompanyStats: {
    query: 'query($c:ID!){getCompanyStats(companyId:$c){numberOfUsers}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getCompanyUsers: {
    query: 'query($c:ID!){getCompanyUsers(companyId:$c){id}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getActiveCompanyAdminUsers: {
    query: 'query($c:ID!){getActiveCompanyAdminUsers(companyId:$c){id}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  updateCompany: {
    query: 'mutation($i:UpdateCompanyInput!){updateCompany(companyToUpdate:$i){status}}',
    vars: (w, p) => ({
      i: {
        id: w.A,
        name: 'Renamed GmbH',
        address: { postalCode: '1010', country: 'AT' },
        ...(p === 'SUPER_ADMIN' ? { accountManager: 'Anna Berger', supportLevel: 'B', companyOwner: w.adminA.id } : {}),
      },
    }),
    allow: ADMIN_OF_A,
  },
  activateOrganization: {
    query: 'mutation($i:ActivateOrganizationInput!){activateOrganization(input:$i){status}}',
    vars: (w) => ({
      i: {
        ...contractInput(w, '2026-11-21', '2027-11-20'),
        companyId: w.P,
        accountManager: 'Anna Berger',
        supportLevel: 'A',
        notes: 'Welcome',
      },
    }),
    allow: OPERATOR,
  },
  updateCompanyStatus: {
    query: 'mutation($i:CompanyStatusInput!){updateCompanyStatus(company:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A, status: 'DEACTIVATED' } }),
    allow: OPERATOR,
  },
  changeCompanyStatusToDeactivate: {
    query: 'mutation($i:CompanyRefInput!){changeCompanyStatusToDeactivate(company:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A } }),
    allow: OPERATOR,
  },
  deleteCompany: {
    query: 'mutation($c:ID!){deleteCompany(companyId:$c){status}}',
    vars: (w) => ({ c: w.A }),
    allow: OPERATOR,
  },
  updateCompanyComment: {
    query: 'mutation($i:CompanyCommentInput!){updateCompanyComment(input:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A, comment: 'Call in March' } }),
    allow: OPERATOR,
  },
  changeCompanyBetaStatus: {
    query: 'mutation($i:CompanyBetaInput!){changeCompanyBetaStatus(input:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A, isBeta: true } }),
    allow: OPERATOR,
  },

  // Contracts
  getCompanyContracts: {
    query: 'query($c:ID!){getCompanyContracts(companyId:$c){id}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getContractById: {
    query: 'query($id:ID!){getContractById(contractId:$id){id}}',
    vars: (w) => ({ id: w.activeContractId }),
    allow: ADMIN_OF_A,
  },
  isCompnayHavingUpcomingContract: {
    query: 'query($c:ID!){isCompnayHavingUpcomingContract(companyId:$c)}',
    vars: (w) => ({ c: w.A }),
    allow: OPERATOR,
  },
  editContract: {
    query: 'mutation($c:EditContractInput!){editContract(contractToEdit:$c){status}}',
    vars: (w) => ({
      c: { contractId: w.upcomingContractId, startDate: '2027-11-21', endDate: '2028-11-20', autoRenew: false },
    }),
    allow: OPERATOR,
  },
  deleteContract: {
    query: 'mutation($id:ID!){deleteContract(contractId:$id){status}}',
    vars: (w) => ({ id: w.upcomingContractId }),
    allow: OPERATOR,
  },
  assignUpcomingContractToCompany: {
    query: 'mutation($i:AssignContractInput!){assignUpcomingContractToCompany(input:$i){status}}',
    vars: (w) => ({ i: contractInput(w, '2027-11-21', '2028-11-20') }),
    allow: OPERATOR,
    world: { upcoming: false },
  },
  assignNewContractToCompany: {
    query: 'mutation($i:AssignContractInput!){assignNewContractToCompany(input:$i){status}}',
    vars: (w) => ({ i: contractInput(w, '2027-11-21', '2028-11-20') }),
    allow: OPERATOR,
    world: { upcoming: false },
  },
  updateCompanyNextContract: {
    query: 'mutation($i:AssignContractInput!){updateCompanyNextContract(input:$i){status}}',
    vars: (w) => ({ i: contractInput(w, '2027-12-01', '2028-11-30') }),
    allow: OPERATOR,
  },
  updateTestPlan: {
    query: 'mutation($i:UpdateTestPlanInput!){updateTestPlan(input:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A, creditAmount: 20_000 } }),
    allow: OPERATOR,
    world: { activeType: 'TEST' },
  },
  changeCompanyContractStatus: {
    query: 'mutation($i:ContractStatusInput!){changeCompanyContractStatus(company:$i){status}}',
    vars: (w) => ({ i: { companyId: w.A, contractId: w.upcomingContractId, deactivate: true } }),
    allow: OPERATOR,
  },

  // Credits
  getCompanyCreditSummary: {
    query: 'query($c:ID!){getCompanyCreditSummary(companyId:$c){totalBalance}}',
    vars: (w) => ({ c: w.A }),
    allow: MEMBER_OF_A,
  },
  getNextAvailableCreditPlanForCompany: {
    query: 'query($c:ID!){getNextAvailableCreditPlanForCompany(companyId:$c){id}}',
    vars: (w) => ({ c: w.A }),
    allow: MEMBER_OF_A,
  },
  getCompanyCreditPlans: {
    query: 'query($c:ID!){getCompanyCreditPlans(companyId:$c){id}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getCompanyCreditPlansByType: {
    query: 'query($c:ID!){getCompanyCreditPlansByType(companyId:$c,type:PRIMARY){id}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getCompanyTransactionsGroupedByDatafile: {
    query: 'query($c:ID!){getCompanyTransactionsGroupedByDatafile(companyId:$c){transactions{transactionId}}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  getAllPackages: { query: '{getAllPackages{id}}', vars: () => ({}), allow: ANY_ADMIN },
  getPackage: {
    query: 'query($id:ID!){getPackage(packageId:$id){id}}',
    vars: (w) => ({ id: w.packageId }),
    allow: ANY_ADMIN,
  },
  setPackage: {
    query: 'mutation($c:ID!,$p:ID!){setPackage(companyId:$c,packageId:$p){status}}',
    vars: (w) => ({ c: w.A, p: w.packageId }),
    allow: OPERATOR,
  },
  // Users
  getUser: {
    query: 'query($u:ID!){getUser(userId:$u){id email}}',
    vars: (w) => ({ u: w.employeeA.id }),
    allow: MEMBER_OF_A,
  },
  getAllUsers: { query: '{getAllUsers{users{id} pageInfo{total}}}', vars: () => ({}), allow: OPERATOR },
  getUserAvatarUploadURL: {
    query: 'query($u:ID!){getUserAvatarUploadURL(imageKey:"me.png",userId:$u){signedUrl}}',
    vars: (w) => ({ u: w.employeeA.id }),
    allow: MEMBER_OF_A,
  },
  getCompanyAvatarUploadURL: {
    query: 'query($c:ID!){getCompanyAvatarUploadURL(imageKey:"logo.png",companyId:$c){signedUrl}}',
    vars: (w) => ({ c: w.A }),
    allow: ADMIN_OF_A,
  },
  updateUser: {
    query: 'mutation($i:UpdateUserInput!){updateUser(userToUpdate:$i){status}}',
    vars: (w) => ({ i: { userId: w.employeeA.id, name: { first: 'Erika', last: 'Muster' } } }),
    allow: MEMBER_OF_A,
  },
  inviteUserForSpecificCompany: {
    query: 'mutation($u:NewUserInput!,$c:ID!){inviteUserForSpecificCompany(newUser:$u,companyId:$c){status}}',
    vars: (w) => ({
      c: w.A,
      u: {
        firstName: 'New',
        lastName: 'Colleague',
        email: `invitee-${crypto.randomUUID()}@test.example`,
        enableAdminAccess: false,
      },
    }),
    allow: ADMIN_OF_A,
  },
  resendUserInvitation: {
    query: 'mutation($u:ID!){resendUserInvitation(userId:$u){status}}',
    vars: (w) => ({ u: w.pendingA.id }),
    allow: ADMIN_OF_A,
  },
  deleteUser: {
    query: 'mutation($u:ID!){deleteUser(userId:$u){status}}',
    vars: (w) => ({ u: w.employeeA.id }),
    allow: ADMIN_OF_A,
  },
  skipIngressIntegrationsPrerequisite: {
    query: 'mutation($u:ID!){skipIngressIntegrationsPrerequisite(userId:$u){status}}',
    vars: (w) => ({ u: w.adminA.id }),
    allow: ADMIN_OF_A,
  },
  updateUserPreferenceForNipoIntegration: {
    query: 'mutation($p:NipoIntegrationInput!){updateUserPreferenceForNipoIntegration(preferences:$p){status}}',
    vars: () => ({ p: { username: 'nfield-user', password: 'nfield-secret', region: 'EU', domain: 'acme' } }),
    allow: LOGGED_IN,
  },
  // Operator stats: every organisation's figures, so operators only
  getUsageStatsByMonth: {
    query: 'query($f:UsageStatsFilters!){getUsageStatsByMonth(filters:$f){totals{numberOfDatafiles} pageInfo{total}}}',
    vars: (w) => ({ f: { fromMonth: '2026-01', toMonth: '2026-11', companyId: w.A } }),
    allow: OPERATOR,
  },
  getUsageStatsCsv: {
    query: 'query($f:UsageStatsFilters!){getUsageStatsCsv(view:DATA_FILES,filters:$f){fileName}}',
    vars: () => ({ f: { fromMonth: '2026-01', toMonth: '2026-11' } }),
    allow: OPERATOR,
  },
  // Monitoring: every organisation's jobs and mails, so operators only
  getJobQueueSummary: { query: '{getJobQueueSummary{kinds{kind waiting}}}', vars: () => ({}), allow: OPERATOR },
  getJobs: {
    query: 'query($f:JobFilters){getJobs(filters:$f){jobs{id errorDetail payload} pageInfo{total}}}',
    vars: () => ({ f: { states: ['FAILED'] } }),
    allow: OPERATOR,
  },
  getOutboxSummary: { query: '{getOutboxSummary{failed}}', vars: () => ({}), allow: OPERATOR },
  getOutboxMails: { query: '{getOutboxMails{mails{to lastError}}}', vars: () => ({}), allow: OPERATOR },
  getLiveEndpointTraffic: { query: '{getLiveEndpointTraffic{minutes{requests}}}', vars: () => ({}), allow: OPERATOR },
  getSystemSize: { query: '{getSystemSize{database{bytes} storage{bytes}}}', vars: () => ({}), allow: OPERATOR },
  retryJob: {
    query: 'mutation($id:ID!){retryJob(jobId:$id){status}}',
    vars: (w) => ({ id: w.failedJobId }),
    allow: OPERATOR,
  },
  cancelJob: {
    query: 'mutation($id:ID!){cancelJob(jobId:$id){status}}',
    vars: (w) => ({ id: w.queuedJobId }),
    allow: OPERATOR,
  },
  resendOutboxMail: {
    query: 'mutation($id:ID!){resendOutboxMail(mailId:$id){status}}',
    vars: (w) => ({ id: w.failedMailId }),
    allow: OPERATOR,
  },
  refundTransaction: {
    query: 'mutation($id:ID!){refundTransaction(transactionId:$id){status}}',
    vars: (w) => ({ id: w.usedTransactionId }),
    allow: OPERATOR,
  },

  ...DATAFILE_MATRIX,
};
