// A small world for the upload API tests: an organisation with an active contract (credits chosen
// by the test), its ADMIN owner and an EMPLOYEE, another organisation, an operator; sessions without
// the Argon2 cost of login; and the upload steps as calls (the signed PUT goes through app.request).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../api/lib/clock';
import { assignContract } from '../../api/modules/contracts/contracts.service';
import { runJobsUntilIdle } from '../../api/jobs/job-loop';
import type { TestApp } from './test-app';
import { makeCompany, makeUser, sessionFor } from './factories';

export const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/uploads/${name}`, import.meta.url)));

let counter = 0;

/** `backup: false` switches off the pay-as-usage backup plan every STARTER contract gets, so credits can run out. */
export async function uploadWorld(
  t: TestApp,
  options: { credits?: number; locale?: 'de' | 'en'; backup?: boolean } = {},
) {
  const A = await makeCompany(t.db, { name: `Upload A ${++counter}` });
  const B = await makeCompany(t.db, { name: `Upload B ${counter}` });
  const secret = t.deps.appSecret;
  const admin = await makeUser(t.db, secret, {
    companyId: A,
    accessLevel: 'ADMIN',
    owner: true,
    locale: options.locale ?? 'de',
  });
  const employee = await makeUser(t.db, secret, { companyId: A, locale: options.locale ?? 'en' });
  const employee2 = await makeUser(t.db, secret, { companyId: A });
  const adminB = await makeUser(t.db, secret, { companyId: B, accessLevel: 'ADMIN', owner: true });
  const op = await makeUser(t.db, secret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  // The contracts module's today is Vienna's: a UTC date is yesterday there from 23:00 UTC (22:00 in summer) until midnight.
  const today = todayIn(t.clock);
  const end = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const endDate = new Date(new Date(`${end}T12:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
  await assignContract(
    t.deps,
    op.id,
    {
      companyId: A,
      contract: { contractType: 'STARTER', startDate: today, endDate, autoRenew: true },
      creditPlan: {
        creditPlanCategory: 'EXPIRING',
        creditAmount: options.credits ?? 100_000,
        pricePerCredit: 12,
        paymentAmount: (options.credits ?? 100_000) * 12,
      },
    },
    'NEW',
  );
  if (options.backup === false)
    await t.db.run(
      sql`update credit_plans set deactivated_at = ${t.clock.now().toISOString()} where company_id = ${A} and category = 'PAY_AS_USAGE'`,
    );
  return {
    A,
    B,
    admin,
    employee,
    employee2,
    adminB,
    op,
    tokens: {
      admin: await sessionFor(t, admin.id, A),
      employee: await sessionFor(t, employee.id, A),
      employee2: await sessionFor(t, employee2.id, A),
      adminB: await sessionFor(t, adminB.id, B),
      op: await sessionFor(t, op.id, null),
    },
  };
}
export type UploadWorld = Awaited<ReturnType<typeof uploadWorld>>;

const Q = {
  url: 'query($f:String!,$c:ID!){getDatafileUploadURL(fileName:$f,companyId:$c){signedUrl datafileKey maxBytes format}}',
  sheets: 'query($k:String!,$c:ID!){getSheetNames(datafileKey:$k,companyId:$c)}',
  draft: 'mutation($i:DatafileInput!){createDraftDatafile(datafileInput:$i){status datafileId}}',
  drafted: `query($id:ID!){getDraftedDatafile(datafileId:$id){id name status revision owner{id name} company{id name}
    datapointsMetadata{dataPointIdentifier dataPointType isRowNumber columns questionTitle algorithms{IS PS SDS TS IBS CS OES} role unit dateOrder scaleMin scaleMax keywords languages isEnableDuplicateCheck numberOfOptions isEnableCopyPasteCheck isRandomised isEnableWrongTopicCheck pageNumber pageTitle startingQuestion}
    upload{uploadId kind status progress revision datafileKey fileName format sheetName headerRow dataRecordStartRow lastDataRow missingValues error{code reason message column rows}}}}`,
  preview: `query($id:ID!){getUploadPreview(datafileId:$id){sampledRows source{format sheetName headerRow dataRecordStartRow lastDataRow delimiter encoding isQualtrics}
    columns{index name label suggestedType basis group withdrawnBecause valueLabels{value label} stats{filled missing numeric min max}} rows{number cells missing}
    rawRows{number cells} layout{headerRow dataRecordStartRow lastDataRow labelRow kind notSurveyData notSurveyDataMessage}
    readingIssues{code reason message column rows} suggestionIssues{code reason message column rows}
    gridCandidates{id columns scaleMin scaleMax} missingValueSuggestions{value columns count}
    suggestedColumns{dataPointIdentifier dataPointType isRowNumber columns questionTitle isEnableCopyPasteCheck startingQuestion algorithms{IS PS SDS TS IBS CS OES} role unit dateOrder scaleMin scaleMax keywords languages isEnableDuplicateCheck numberOfOptions isRandomised isEnableWrongTopicCheck pageNumber pageTitle}}}`,
  save: 'mutation($id:ID!,$c:[SelectedColumnInput!]!){saveDraftDatafileColumns(datafileId:$id,selectedColumns:$c){state}}',
  check:
    'query($id:ID!){getUploadCheck(datafileId:$id){state progress issues{code reason message column rows} estimate{numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough}}}',
  confirm:
    'mutation($id:ID!,$c:Int!,$s:DatafileStatus!){changeDatafileUploadingProgressStatus(datafileInputObject:{datafileId:$id},creditAmount:$c,status:$s){status}}',
  progress: `query($id:ID!){getDatafileUploadingProgress(datafileId:$id){datafileId title status
    upload{kind status progress revision numberOfRecords chargedRecords creditsCharged error{code reason message}}
    metadata{numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfDatapoints numberOfProjectiveQuestions numberOfQualityScores qualityScores cost revision scoringVersion missingValues createdBy{id name}}
    recordSummary{totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords}}}`,
};
export const UPLOAD_QUERIES = Q;

/** The signed PUT of step 1, through the app (the local blob store's /files route). */
export async function putFile(
  t: TestApp,
  token: string,
  companyId: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const res = await t.gql(Q.url, { f: fileName, c: companyId }, { token });
  if (!res.body.data) throw new Error(`getDatafileUploadURL: ${JSON.stringify(res.body.errors)}`);
  const { signedUrl, datafileKey } = res.body.data.getDatafileUploadURL;
  const put = await t.app.request(signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  return datafileKey;
}

export type StepOne = {
  title?: string;
  sheetName?: string;
  headerRow?: number;
  dataRecordStartRow?: number;
  lastDataRow?: number;
  missingValues?: string[];
  datafileId?: string;
  reuploadOf?: string;
  companyId?: string;
};

export async function createDraft(t: TestApp, token: string, key: string, step: StepOne & { fileName?: string }) {
  return t.gql(
    Q.draft,
    {
      i: {
        title: 'Survey',
        headerRow: 1,
        dataRecordStartRow: 2,
        fileName: step.fileName ?? key.split('/').pop(),
        datafileKey: key,
        ...step,
      },
    },
    { token },
  );
}

/** Runs every runnable job in this process (check and upload jobs run their Worker steps). */
export const runJobs = (t: TestApp) => runJobsUntilIdle(t.deps);

/** Saves the preview's suggested columns (with question texts filled in) and runs the check. */
export async function saveSuggested(
  t: TestApp,
  token: string,
  datafileId: string,
  adjust: (cols: any[]) => any[] = (c) => c,
) {
  const preview = await t.gql(Q.preview, { id: datafileId }, { token });
  if (!preview.body.data) throw new Error(`preview: ${JSON.stringify(preview.body.errors)}`);
  const cols = adjust(
    preview.body.data.getUploadPreview.suggestedColumns.map((c: any) => ({
      ...c,
      questionTitle: c.questionTitle ?? (c.dataPointType === 'OPEN_ENDED' ? `Question ${c.dataPointIdentifier}` : null),
    })),
  );
  const saved = await t.gql(Q.save, { id: datafileId, c: cols }, { token });
  if (!saved.body.data) throw new Error(`save: ${JSON.stringify(saved.body.errors)}`);
  await runJobs(t);
  const check = await t.gql(Q.check, { id: datafileId }, { token });
  return check.body.data.getUploadCheck;
}

/** Steps 1-3 for one file, confirmed; returns the datafile id and the estimate (the job is queued, not run). */
export async function uploadThrough(
  t: TestApp,
  token: string,
  companyId: string,
  name: string,
  bytes: Uint8Array,
  step: StepOne = {},
) {
  const key = await putFile(t, token, companyId, name, bytes);
  const draft = await createDraft(t, token, key, step);
  if (!draft.body.data) throw new Error(`createDraftDatafile: ${JSON.stringify(draft.body.errors)}`);
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  const check = await saveSuggested(t, token, datafileId);
  if (check.state !== 'DONE' || !check.estimate) throw new Error(`check: ${JSON.stringify(check)}`);
  const confirm = await t.gql(
    Q.confirm,
    { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' },
    { token },
  );
  if (!confirm.body.data) throw new Error(`confirm: ${JSON.stringify(confirm.body.errors)}`);
  return {
    datafileId,
    estimate: check.estimate as { creditAmount: number; numberOfRecords: number; newRecords: number },
    key,
  };
}

/**
 * The fixture survey.xlsx (sheet Data, header in row 3) uploaded by the world's ADMIN and processed:
 * the datafile's id and how many jobs ran to publish its revision 1.
 */
export async function processedSurvey(t: TestApp, w: UploadWorld, title = 'Ergebnisse') {
  const { datafileId } = await uploadThrough(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'), {
    title,
    sheetName: 'Data',
    headerRow: 3,
    dataRecordStartRow: 4,
  });
  return { datafileId, jobs: await runJobs(t) };
}

export async function ledgerOf(t: TestApp, companyId: string) {
  const [row] = await t.db.all<{ used: number; charges: number; balance: number }>(sql`select
    (select coalesce(sum(amount), 0) from credit_transactions where company_id = ${companyId} and type = 'USED') as used,
    (select count(*) from datafile_charges where company_id = ${companyId}) as charges,
    (select coalesce(sum(balance), 0) from credit_plans where company_id = ${companyId} and category != 'PAY_AS_USAGE') as balance`);
  return { used: Number(row!.used), charges: Number(row!.charges), balance: Number(row!.balance) };
}
