// The matrix's datafile-side cells: uploads, live import, worksheet, exports and report, datafiles,
// results (table.ts spreads them into MATRIX), and the HTTP routes outside GraphQL.
import type { Principal, World } from '../../../support/matrix-world';
import { ADMIN_OF_A, ALL, LOGGED_IN, MEMBER_OF_A, type Cell } from './principals';

export const DATAFILE_MATRIX: Record<string, Cell> = {
  // Uploads: A's draft belongs to A's owner. Members of A may start an upload for A; the
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
  // Live import: created in the caller's own organisation (operators act only when scoped
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
  // The server key and the limits: who may manage the datafile (its owner, A's ADMINs, operators).
  regenerateLiveDatafileServerKey: {
    query: 'mutation($id:ID!){regenerateLiveDatafileServerKey(datafileId:$id)}',
    vars: (w) => ({ id: w.datafileId }),
    allow: ADMIN_OF_A,
    acceptCodes: ['INVALID_PARAMETERS'],
  },
  updateLiveDatafileLimits: {
    query: 'mutation($id:ID!,$l:LiveLimitsInput!){updateLiveDatafileLimits(datafileId:$id,limits:$l){maxRespondents}}',
    vars: (w) => ({
      id: w.datafileId,
      l: { maxRespondents: 100, maxCredits: 1000, perAddressPerHour: 10, perDevice: 1, allowedOrigins: [] },
    }),
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
  // Worksheet: who sees a datafile may read and save its cleaning (the world's datafile has no revision yet, so a save that got in is refused for that).
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
  // Exports and report settings: whoever sees the datafile (here A's admins and operators).
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
  // Duplicates: whoever sees the datafile (here its owner's organisation's ADMINs, the key, operators); the
  // matches come from its own organisation only (tests/api/duplicates).
  datafileDuplicates: {
    query: 'query($id:ID!){datafileDuplicates(datafileId:$id){windowDays duplicates{recordId}}}',
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

  // Datafiles list, actions and sharing. Everyone logged in lists what they see. A's
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
  // Result pages: whoever sees the datafile (requireDatafile 'see'); the matrix file is
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
 * HTTP routes outside GraphQL, judged the same way (tests/api/app/route-matrix.test.ts): the
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
  'GET /api/datafiles/:id/scores': {
    path: (w) => `/api/datafiles/${w.datafileId}/scores?format=csv`,
    allow: ADMIN_OF_A,
    allowedStatus: 404,
    allowedCode: 'SCORES_NOT_AVAILABLE',
  },
  'GET /api/datafiles/:id/reconciliation': {
    path: (w) => `/api/datafiles/${w.datafileId}/reconciliation?format=csv`,
    allow: ADMIN_OF_A,
    allowedStatus: 404,
    allowedCode: 'SCORES_NOT_AVAILABLE',
  },
};
