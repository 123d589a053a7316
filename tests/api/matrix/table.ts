import type { Principal, World, WorldOptions } from './world';

const ALL: Principal[] = [
  'ANON',
  'ADMIN_OTHER',
  'EMPLOYEE_OTHER',
  'EMPLOYEE_OWN',
  'ADMIN_OWN',
  'SUPER_ADMIN',
  'API_KEY',
];
const LOGGED_IN: Principal[] = ['ADMIN_OTHER', 'EMPLOYEE_OTHER', 'EMPLOYEE_OWN', 'ADMIN_OWN', 'SUPER_ADMIN', 'API_KEY'];
const OPERATOR: Principal[] = ['SUPER_ADMIN'];
/** Company A's admins (the owner's API key acts as the owner). */
const ADMIN_OF_A: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'API_KEY'];
const MEMBER_OF_A: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'EMPLOYEE_OWN', 'API_KEY'];
const ANY_ADMIN: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'ADMIN_OTHER', 'API_KEY'];

export type Cell = {
  query: string;
  vars: (
    w: World,
    p: Principal,
    encrypt: (s: string) => Promise<string>,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  allow: Principal[];
  /** Codes that still mean "the caller was let in" (e.g. a made-up token for a public call). */
  acceptCodes?: string[];
  world?: WorldOptions;
};

const contractInput = (w: World, start: string, end: string) => ({
  companyId: w.A,
  contract: { contractType: 'STARTER', startDate: start, endDate: end, autoRenew: true },
  creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 1000, pricePerCredit: 10, paymentAmount: 10_000 },
});

/**
 * Who may call what (spec section 6, security.md): every root operation of the schema, the
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
  regenerateMagicKey: {
    query: 'mutation($u:ID!){regenerateMagicKey(userId:$u){status}}',
    vars: (w) => ({ u: w.adminA.id }),
    allow: ADMIN_OF_A,
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
  // Users (issue 5)
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
  // Operator stats (issue 15): every organisation's figures, so operators only
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
  // Monitoring (issue 15): every organisation's jobs and mails, so operators only
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

  // Uploads (issue 11): A's draft belongs to A's owner. Members of A may start an upload for A; the
  // draft is its owner's (also by API key), A's ADMINs' and the operators'; an employee sees only
  // their own drafts, and another organisation nothing.
  getDatafileUploadURL: {
    query: 'query($c:ID!){getDatafileUploadURL(fileName:"survey.csv",companyId:$c){datafileKey}}',
    vars: (w) => ({ c: w.A }),
    allow: MEMBER_OF_A,
  },
  getSheetNames: {
    query: 'query($k:String!,$c:ID!){getSheetNames(datafileKey:$k,companyId:$c)}',
    vars: (w) => ({ k: w.draftKey, c: w.A }),
    allow: ADMIN_OF_A,
  },
  createDraftDatafile: {
    query: 'mutation($i:DatafileInput!){createDraftDatafile(datafileInput:$i){datafileId}}',
    vars: (w, p) => ({
      i: {
        companyId: w.A,
        title: 'Matrix upload',
        datafileKey: w.uploadKeys[p] ?? w.draftKey,
        fileName: 'survey.csv',
        headerRow: 1,
        dataRecordStartRow: 2,
      },
    }),
    allow: MEMBER_OF_A,
  },
  // Live import (issue 14): created in the caller's own organisation (operators act only when scoped
  // to one); the integration shows the secret, so only who may upload to the datafile sees or renews it.
  // The world's datafile is a manual one: the allowed callers get past authorization to LIVE_NOT_A_LIVE_DATAFILE.
  createLiveDatafile: {
    query: 'mutation($i:LiveDatafileInput!){createLiveDatafile(input:$i){datafileId}}',
    vars: () => ({
      i: {
        name: 'Matrix live',
        surveySoftware: 'OTHER',
        pages: [{ label: 'Q1', start: true, criterion: 'TS', questionTitle: 'Q' }],
      },
    }),
    allow: ['ADMIN_OTHER', 'EMPLOYEE_OTHER', 'EMPLOYEE_OWN', 'ADMIN_OWN', 'API_KEY'],
  },
  getLiveDatafileIntegration: {
    query: 'query($id:ID!){getLiveDatafileIntegration(datafileId:$id){secretKey}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
    acceptCodes: ['INVALID_PARAMETERS'],
  },
  openLiveDatafile: {
    query: 'mutation($id:ID!){openLiveDatafile(datafileId:$id)}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
    acceptCodes: ['INVALID_PARAMETERS'],
  },
  regenerateLiveDatafileSecret: {
    query: 'mutation($id:ID!){regenerateLiveDatafileSecret(datafileId:$id)}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
    acceptCodes: ['INVALID_PARAMETERS'],
  },
  getDraftedDatafile: {
    query: 'query($id:ID!){getDraftedDatafile(datafileId:$id){id upload{status}}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
  },
  getUploadPreview: {
    query: 'query($id:ID!){getUploadPreview(datafileId:$id){sampledRows}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
  },
  getUploadCheck: {
    query: 'query($id:ID!){getUploadCheck(datafileId:$id){state}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
  },
  // Worksheet (issue 13): who sees a datafile may read and save its cleaning (the world's datafile has no revision yet, so a save that got in is refused for that).
  getDatafileCleaningSettings: {
    query: 'query($id:ID!){getDatafileCleaningSettings(datafileId:$id){revision}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getCleaningAuditTrail: {
    query: 'query($id:ID!){getCleaningAuditTrail(datafileId:$id){pageInfo{total}}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  updateCleaningSettings: {
    query:
      'mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){status}}',
    vars: (w) => ({
      id: w.datafileId,
      s: {
        revision: 0,
        scoreThresholds: [{ key: 'combined', isEnable: true, threshold: 60 }],
        badAnswers: { isEnable: true, min: 2 },
        cleaningMethod: 'THRESHOLDS',
      },
    }),
    allow: ADMIN_OF_A,
    acceptCodes: ['SCORES_NOT_AVAILABLE'],
  },
  // Exports and report settings (issue 13): whoever sees the datafile (here A's admins and operators).
  requestDatafileExport: {
    query: 'mutation($id:ID!){requestDatafileExport(input:{datafileId:$id,format:XLSX}){jobId}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
    // Let in, and refused for what the datafile lacks (no published revision, no saved cleaning).
    acceptCodes: ['SCORES_NOT_AVAILABLE', 'DATAFILE_NOT_CLEANED'],
  },
  getExportJob: {
    query: 'query($id:ID!){getExportJob(jobId:$id){state downloadUrl}}',
    vars: (w) => ({ id: w.exportJobId }),
    allow: ADMIN_OF_A,
  },
  getReportLogoUploadURL: {
    query: 'query($id:ID!){getReportLogoUploadURL(datafileId:$id,imageKey:"logo.png"){imagePath}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  updateDatafileReportSettings: {
    query:
      'mutation($id:ID!){updateDatafileReportSettings(datafileId:$id,settings:{showScoreDetails:true,shortFormat:false,passwordProtected:false,isPublished:true}){isPublished}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  // Public: strangers open a published report (the service shows them nothing else); see tests/api/reports.
  getDatafileReport: {
    query: 'query($id:ID!){getDatafileReport(datafileId:$id){access}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ALL,
  },
  getDatafileUploadingProgress: {
    query: 'query($id:ID!){getDatafileUploadingProgress(datafileId:$id){status}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
  },
  saveDraftDatafileColumns: {
    query:
      'mutation($id:ID!){saveDraftDatafileColumns(datafileId:$id,selectedColumns:[{dataPointIdentifier:"id",dataPointType:RECORD_ID,columns:["id"]}]){state}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
  },
  changeDatafileUploadingProgressStatus: {
    query:
      'mutation($id:ID!){changeDatafileUploadingProgressStatus(datafileInputObject:{datafileId:$id},creditAmount:0,status:PROCESSING){status}}',
    vars: (w) => ({ id: w.draftId }),
    allow: ADMIN_OF_A,
    // Let in, and refused for what the draft lacks (no columns saved yet).
    acceptCodes: ['INCOMPLETE_INPUT'],
  },

  // Datafiles list, actions and sharing (issue 12). Everyone logged in lists what they see. A's
  // files belong to A's owner: they, A's ADMINs and operators read and manage them; A's employee is
  // a contributor of the stopped file only (reads it, changes nothing); another organisation gets
  // the answer of a missing id.
  getDatafilesForLoggedInUser: {
    query:
      'query{getDatafilesForLoggedInUser(filters:{importType:ALL},paginationInfo:{page:1,limit:10}){totalNumberOfDatafiles datafiles{id}}}',
    vars: () => ({}),
    allow: LOGGED_IN,
  },
  getAllDatafileContributors: {
    query: 'query($id:ID!){getAllDatafileContributors(datafileId:$id){id}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getAvailableUsersAsContributorForDatafile: {
    query: 'query($id:ID!){getAvailableUsersAsContributorForDatafile(datafileId:$id){id}}',
    vars: (w) => ({ id: w.stoppedId }),
    allow: ADMIN_OF_A,
  },
  editDatafileTitle: {
    query: 'mutation($id:ID!){editDatafileTitle(datafileId:$id,datafileTitle:"Renamed"){status}}',
    vars: (w) => ({ id: w.stoppedId }),
    allow: ADMIN_OF_A,
  },
  stopLiveDatafile: {
    query: 'mutation($id:ID!){stopLiveDatafile(datafileId:$id){status}}',
    vars: (w) => ({ id: w.liveId }),
    allow: ADMIN_OF_A,
  },
  reOpenLiveDatafile: {
    query: 'mutation($id:ID!){reOpenLiveDatafile(datafileId:$id){status}}',
    vars: (w) => ({ id: w.stoppedId }),
    allow: ADMIN_OF_A,
  },
  changeDatafileOwnership: {
    query:
      'mutation($id:ID!,$c:ID!,$u:ID!){changeDatafileOwnership(datafileId:$id,companyId:$c,userId:$u,changeWalletAndTransactions:false){status}}',
    vars: (w) => ({ id: w.stoppedId, c: w.A, u: w.employeeA.id }),
    allow: ADMIN_OF_A,
  },
  deleteDatafile: {
    query: 'mutation($id:ID!){deleteDatafile(datafileId:$id){status}}',
    vars: (w) => ({ id: w.stoppedId }),
    allow: ADMIN_OF_A,
  },
  resetDatafileCleaning: {
    query: 'mutation($id:ID!){resetDatafileCleaning(datafileId:$id){status}}',
    vars: (w) => ({ id: w.stoppedId }),
    allow: ADMIN_OF_A,
  },
  addContributorToDatafile: {
    query: 'mutation($id:ID!,$u:[ID!]!){addContributorToDatafile(datafileId:$id,inviteeIds:$u){status}}',
    vars: (w) => ({ id: w.datafileId, u: [w.employeeA.id] }),
    allow: ADMIN_OF_A,
  },
  removeContributorFromDatafile: {
    query: 'mutation($id:ID!,$u:ID!){removeContributorFromDatafile(datafileId:$id,contributorId:$u){status}}',
    vars: (w) => ({ id: w.stoppedId, u: w.employeeA.id }),
    allow: ADMIN_OF_A,
  },
  // Result pages (issue 12): whoever sees the datafile (requireDatafile 'see'); the matrix file is
  // adminA's, not shared, so A's EMPLOYEE is refused like another organisation.
  getDatafile: {
    query: 'query($id:ID!){getDatafile(datafileId:$id){id scoreColumns}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getDatafileMetadata: {
    query: 'query($id:ID!){getDatafileMetadata(datafileId:$id,isCleaned:false){numberOfRecords}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getNumberOfDatarecords: {
    query: 'query($id:ID!){getNumberOfDatarecords(datafileId:$id)}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getDataRecordSummaryForDatafile: {
    query: 'query($id:ID!){getDataRecordSummaryForDatafile(datafileId:$id){totalNumberOfDataRecords}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getAlgorithmsInDatafile: {
    query: 'query($id:ID!){getAlgorithmsInDatafile(datafileId:$id)}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getProjectiveQuestions: {
    query: 'query($id:ID!){getProjectiveQuestions(datafileId:$id){dataPointIdentifier}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
  getDatafileWeightingMethod: {
    query: 'query($id:ID!){getDatafileWeightingMethod(datafileId:$id){datafileWeighting{key}}}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
  },
};

/**
 * HTTP routes outside GraphQL, judged the same way (tests/api/results-route-matrix.test.ts): the
 * allowed principals get past the policy (the matrix file has no revision yet, so they get its
 * `allowedCode`), everyone else a denial code.
 */
export type RouteCell = { path: (w: World) => string; allow: Principal[]; allowedStatus: number; allowedCode?: string };
export const ROUTE_MATRIX: Record<string, RouteCell> = {
  'GET /api/datafiles/:id/columns': {
    path: (w) => `/api/datafiles/${w.datafileId}/columns?columns=combined`,
    allow: ADMIN_OF_A,
    allowedStatus: 404,
    allowedCode: 'SCORES_NOT_AVAILABLE',
  },
};
